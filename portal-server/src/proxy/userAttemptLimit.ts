import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RateLimitRule, refusedByLimit } from '../rateLimit/rateLimit.js';
import type { RateLimitStore } from '../rateLimit/rateLimitStore.js';
import { type FlowUserStore, MemoryFlowUsers } from './flowUsers.js';
import type { ReplyContent } from './replyTokens.js';

/** The user name as the SSO compares it (the page lower-cases the subject too). */
export function normalUserName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim().toLowerCase();
  return name.length > 0 && name.length <= 256 ? name : undefined;
}

/** The user a JSON request body names in `field`, if it is a JSON object that does. */
export function userNamedIn(body: Buffer, field: string): string | undefined {
  try {
    const json: unknown = JSON.parse(body.toString('utf8'));
    return json !== null && typeof json === 'object' && !Array.isArray(json)
      ? normalUserName((json as Record<string, unknown>)[field])
      : undefined;
  } catch {
    return undefined;
  }
}

/** Keys in a shared store carry no user name or flow state in clear. */
function digest(kind: 'user' | 'flow', value: string): string {
  return `${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 32)}`;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** A call counted per user: whether its rule says so, and the user its body names (read before). */
export interface CountedCall {
  countedPerUser: boolean;
  /** The user the request's body names (authenticate's subject…), when its rule reads one. */
  namedUser: string | undefined;
}

/**
 * The proxy's limit per user name (README, Security, "Anti-automation"). A call its rule counts per
 * user (proxyRules.ts: the spec's sign-in calls, and contributed calls whose remote says they try a
 * secret) is counted under the user its body names, else the user its flow state belongs to, so
 * the tries of one user add up across addresses, flows and instances (the flows' users are kept in
 * the shared store, flowUsers.ts); a call whose flow state is not known (a flow begun elsewhere,
 * forgotten) is counted under the flow state itself. Calls with neither are left to the per-address
 * limit.
 */
export class UserAttemptLimit {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rule: RateLimitRule,
    private readonly flows: FlowUserStore = new MemoryFlowUsers(),
  ) {}

  /**
   * Counts the call if its rule counts it per user; true when it answered (429) and the call must
   * not go on.
   */
  async refused(request: FastifyRequest, reply: FastifyReply, call: CountedCall): Promise<boolean> {
    if (!call.countedPerUser) return false;
    const flowState = header(request.headers, 'x-flow-state');
    const user = call.namedUser ? digest('user', call.namedUser) : await this.userOfFlow(flowState);
    const key = user ?? (flowState ? digest('flow', flowState) : undefined);
    return key !== undefined && (await refusedByLimit(this.store, this.rule, key, request, reply));
  }

  /**
   * Learns whose flow state the reply carries: the reply's flow state (X-Flow-State, or `flowState`
   * in the body) belongs to the reply's `userName` (or `username`), else to the user the request's
   * body named, else to the user of the request's own flow state. Resolves once it is remembered,
   * so the next call of the flow, on any instance, is counted under its user.
   */
  async learn(
    request: FastifyRequest,
    namedUser: string | undefined,
    replyHeaders: IncomingHttpHeaders,
    content: ReplyContent,
  ): Promise<void> {
    const value = content.kind === 'object' ? content.value : {};
    const replyFlowState =
      header(replyHeaders, 'x-flow-state') ??
      (typeof value.flowState === 'string' ? value.flowState : undefined);
    if (!replyFlowState) return;
    const named = normalUserName(value.userName) ?? normalUserName(value.username) ?? namedUser;
    const user = named
      ? digest('user', named)
      : await this.userOfFlow(header(request.headers, 'x-flow-state'));
    if (user) await this.flows.remember(digest('flow', replyFlowState), user);
  }

  private userOfFlow(flowState: string | undefined): Promise<string | undefined> {
    return flowState ? this.flows.userOf(digest('flow', flowState)) : Promise.resolve(undefined);
  }
}
