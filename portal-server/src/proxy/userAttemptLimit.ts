import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RateLimitRule, refusedByLimit } from '../rateLimit/rateLimit.js';
import type { RateLimitStore } from '../rateLimit/rateLimitStore.js';
import type { ReplyContent } from './replyTokens.js';

/**
 * The sign-in calls counted per user name (spec section 7, Authentication, Factors, FIDO): each
 * one tries a secret, sends a code or a push, or starts a step. PushStatus is left out: the page
 * polls it every 3 s while a push waits, and it tries nothing.
 */
const USER_COUNTED_CALLS = new Set([
  'auth/v1/authenticate',
  'auth/v1/SelectedFactor',
  'factor/v1/PasswordAuthenticator',
  'factor/v1/CustomAuthenticator',
  'factor/v1/PushGenerator',
  'factor/v1/OTPGenerator',
  'factor/v1/OTPVerifier',
  'factor/v1/MobileOTPVerifier',
  'factor/v1/FIDOAuthChallengeGenerator',
  'factor/v1/FIDOAuthChallengeVerifier',
]);

/** The calls whose JSON body names the user, and the field that does. */
const USER_NAME_FIELDS: Readonly<Record<string, string>> = {
  'auth/v1/authenticate': 'subject',
  'factor/v1/FIDOAuthChallengeGenerator': 'userName',
};

/** The user name as the SSO compares it (the page lower-cases the subject too). */
function normalUserName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim().toLowerCase();
  return name.length > 0 && name.length <= 256 ? name : undefined;
}

/** Keys in a shared store carry no user name or flow state in clear. */
function digest(kind: string, value: string): string {
  return `${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 32)}`;
}

/**
 * Which user each live flow state belongs to, learned from the replies the proxy passes on: the
 * reply's flow state (X-Flow-State, or `flowState` in the body) belongs to the reply's `userName`
 * (or `username`), else to the user named in the request's body, else to the user of the request's
 * own flow state. Bounded: the oldest entries go first, and an entry lasts `ttlMs`.
 */
export class FlowUsers {
  private readonly users = new Map<string, { user: string; expires: number }>();

  constructor(
    private readonly ttlMs = 30 * 60_000,
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  userOf(flowState: string | undefined): string | undefined {
    if (!flowState) return undefined;
    const entry = this.users.get(flowState);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.user;
    this.users.delete(flowState);
    return undefined;
  }

  remember(flowState: string, user: string): void {
    this.users.delete(flowState);
    if (this.users.size >= this.maxEntries) {
      const oldest = this.users.keys().next().value;
      if (oldest !== undefined) this.users.delete(oldest);
    }
    this.users.set(flowState, { user, expires: this.now() + this.ttlMs });
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** A body naming the user is a few hundred bytes; more is not kept (the body is then not read). */
const MAX_COPIED_BODY_BYTES = 16 * 1024;

/** Keeps a copy of a request body as it streams upstream, up to MAX_COPIED_BODY_BYTES. */
class BodyCopy {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(raw: IncomingMessage) {
    raw.on('data', (chunk: Buffer) => {
      this.size += chunk.length;
      if (this.size <= MAX_COPIED_BODY_BYTES) this.chunks.push(chunk);
    });
  }

  /** The body's user-name field, once the body has been read. */
  userName(field: string): string | undefined {
    if (this.size > MAX_COPIED_BODY_BYTES) return undefined;
    try {
      const body: unknown = JSON.parse(Buffer.concat(this.chunks).toString('utf8'));
      return body !== null && typeof body === 'object'
        ? normalUserName((body as Record<string, unknown>)[field])
        : undefined;
    } catch {
      return undefined;
    }
  }
}

/** What the proxy keeps of one call between its request and its reply. */
export interface AttemptContext {
  rawPath: string;
  body: BodyCopy | undefined;
}

/**
 * The proxy's limit per user name (README, Security, "Anti-automation"). A sign-in call is counted
 * under the user its flow state belongs to, so the tries of one user add up across addresses and
 * flows; a call whose flow state is not known here (a flow begun elsewhere) is counted under the
 * flow state itself. Calls with neither are left to the per-address limit.
 */
export class UserAttemptLimit {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rule: RateLimitRule,
    private readonly flows = new FlowUsers(),
  ) {}

  /**
   * Counts the call if it is a sign-in call; true when it answered (429, or 503 when the store
   * failed) and the call must not go on.
   */
  async refused(request: FastifyRequest, reply: FastifyReply, rawPath: string): Promise<boolean> {
    if (!USER_COUNTED_CALLS.has(rawPath)) return false;
    const flowState = header(request.headers, 'x-flow-state');
    const user = this.flows.userOf(flowState);
    const key = user ? digest('user', user) : flowState ? digest('flow', flowState) : undefined;
    return key !== undefined && (await refusedByLimit(this.store, this.rule, key, request, reply));
  }

  /**
   * Starts watching a call that goes on: keeps a copy of a body that names the user. Call it
   * right before the body is piped upstream, with no await in between (it starts the stream).
   */
  watch(request: FastifyRequest, rawPath: string): AttemptContext {
    return { rawPath, body: USER_NAME_FIELDS[rawPath] ? new BodyCopy(request.raw) : undefined };
  }

  /** Learns whose flow state the reply carries (see FlowUsers). */
  learn(
    request: FastifyRequest,
    context: AttemptContext,
    replyHeaders: IncomingHttpHeaders,
    content: ReplyContent,
  ): void {
    const value = content.kind === 'object' ? content.value : {};
    const replyFlowState =
      header(replyHeaders, 'x-flow-state') ??
      (typeof value.flowState === 'string' ? value.flowState : undefined);
    if (!replyFlowState) return;
    const field = USER_NAME_FIELDS[context.rawPath];
    const user =
      normalUserName(value.userName) ??
      normalUserName(value.username) ??
      (field ? context.body?.userName(field) : undefined) ??
      this.flows.userOf(header(request.headers, 'x-flow-state'));
    if (user) this.flows.remember(replyFlowState, user);
  }
}
