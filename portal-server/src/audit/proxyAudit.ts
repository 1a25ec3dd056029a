import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { PROXY_PREFIX } from '../proxy/proxyTarget.js';
import type { AuditTrail } from './auditTrail.js';
import { BoundedMemory } from './boundedMemory.js';
import { type RequestFacts, replyFacts, signInOutcomes } from './signInReplies.js';
import { bearerToken, tokenSubject } from './tokenSubject.js';

/** The calls whose request names the user (authenticate's subject) or the status set (a credential PUT). */
const READ_REQUEST = /^(?:auth\/v1\/authenticate|factor\/v1\/MeCreds\/[^/]+)$/;
/** Those bodies are a few hundred bytes; more is not read for the trail (the SSO still gets it all). */
const MAX_READ_BYTES = 16 * 1024;
/** A flow state lives 15 minutes from its last use at the SSO (spec, emulator README). */
const FLOW_TTL_MS = 15 * 60 * 1000;
const CREDENTIALS_TTL_MS = 60 * 60 * 1000;
const MAX_REMEMBERED = 10_000;

const text = v.fallback(v.optional(v.string()), undefined);
const RequestSchema = v.looseObject({
  subject: text,
  resetFlow: v.fallback(v.optional(v.boolean()), undefined),
  status: text,
});
const CredentialListSchema = v.object({
  credentials: v.array(v.looseObject({ credId: v.string(), credType: text, status: text })),
});

function requestFacts(chunks: Buffer[], size: number): RequestFacts {
  if (size === 0 || size > MAX_READ_BYTES) return {};
  try {
    const parsed = v.safeParse(RequestSchema, JSON.parse(Buffer.concat(chunks).toString('utf8')));
    return parsed.success ? parsed.output : {};
  } catch {
    return {};
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Audits the sign-in and self-service calls the browser makes through the proxy: the SSO's reply
 * is the truth (signInReplies.ts). Who: the User ID the call names (authenticate's subject, a
 * reply's userName), else the user the same flow state named earlier (remembered here by its
 * pseudonym), else the `sub` of a user token the SSO accepted.
 */
export class ProxyAudit {
  /** Flow-state pseudonym → user key. */
  private readonly flows = new BoundedMemory<string>(FLOW_TTL_MS, MAX_REMEMBERED);
  /** User key + credential key → the status and type last listed or set. */
  private readonly credentials = new BoundedMemory<{ status?: string; type?: string }>(
    CREDENTIALS_TTL_MS,
    MAX_REMEMBERED,
  );

  constructor(private readonly trail: AuditTrail) {}

  /**
   * Call before the request body flows (in the same tick as the pipe to the SSO); returns the
   * function to call with the SSO's status and reply.
   */
  observe(request: FastifyRequest): (status: number, content: { kind: string; value?: unknown }) => void {
    const path = (request.raw.url ?? '').slice(PROXY_PREFIX.length).split('?')[0] ?? '';
    const chunks: Buffer[] = [];
    let size = 0;
    if (READ_REQUEST.test(path)) {
      request.raw.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_READ_BYTES) chunks.push(chunk);
      });
    }
    return (status, content) => {
      try {
        this.audit(request, path, status, content.kind === 'object' ? content.value : undefined, () =>
          requestFacts(chunks, size),
        );
      } catch (error) {
        request.log.error({ err: error }, 'audit of a proxied call failed');
      }
    };
  }

  private audit(
    request: FastifyRequest,
    path: string,
    status: number,
    reply: unknown,
    readRequest: () => RequestFacts,
  ): void {
    const facts = readRequest();
    const ok = status >= 200 && status < 300;
    const userKey = this.userKey(request, reply, facts, ok);
    if (ok && request.method === 'GET' && path === 'factor/v1/MeCreds' && userKey) {
      this.rememberCredentials(userKey, reply);
    }
    for (const { credId, ...event } of signInOutcomes({
      method: request.method,
      path,
      status,
      reply,
      request: facts,
    })) {
      const credential = credId === undefined ? undefined : this.credentialFacts(userKey, credId, event);
      if (credential?.unchanged) continue;
      this.trail.record(request, {
        ...event,
        ...(credential ? { credentialKey: credential.key } : {}),
        ...(credential?.type ? { credentialType: credential.type } : {}),
        ...(userKey ? { userKey } : {}),
      });
    }
  }

  private userKey(request: FastifyRequest, reply: unknown, facts: RequestFacts, ok: boolean) {
    const { pseudonyms } = this.trail;
    const named = replyFacts(reply);
    const requestFlow = header(request, 'x-flow-state');
    const userKey =
      (facts.subject && !facts.resetFlow ? pseudonyms.user(facts.subject) : undefined) ??
      pseudonyms.user(named.userName || named.username || '') ??
      (requestFlow ? this.flows.get(pseudonyms.flow(requestFlow)) : undefined) ??
      (ok ? pseudonyms.user(tokenSubject(bearerToken(header(request, 'authorization'))) ?? '') : undefined);
    if (userKey) {
      for (const flow of [requestFlow, named.flowState])
        if (flow) this.flows.set(pseudonyms.flow(flow), userKey);
    }
    return userKey;
  }

  private rememberCredentials(userKey: string, reply: unknown): void {
    const list = v.safeParse(CredentialListSchema, reply);
    if (!list.success) return;
    for (const credential of list.output.credentials) {
      this.credentials.set(`${userKey} ${this.trail.pseudonyms.credential(credential.credId)}`, {
        status: credential.status,
        type: credential.credType,
      });
    }
  }

  /**
   * A credential's key, its type as last listed, and whether the event changes nothing: a PUT sets
   * `default` and `status` together, so it is an activation or deactivation only when the status
   * differs from the one last seen (a credential never seen counts as changed).
   */
  private credentialFacts(
    userKey: string | undefined,
    credId: string,
    { event, credentialType }: { event: string; credentialType?: string | undefined },
  ) {
    const key = this.trail.pseudonyms.credential(credId);
    const remembered = userKey === undefined ? undefined : `${userKey} ${key}`;
    const known = remembered === undefined ? undefined : this.credentials.get(remembered);
    const type = credentialType ?? known?.type;
    const status =
      event === 'credential.activated'
        ? 'ACTIVE'
        : event === 'credential.deactivated'
          ? 'INACTIVE'
          : undefined;
    if (status === undefined || remembered === undefined) return { key, type, unchanged: false };
    this.credentials.set(remembered, { status, ...(type ? { type } : {}) });
    return { key, type, unchanged: known?.status === status };
  }
}
