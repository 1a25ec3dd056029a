import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { LogLevel } from '../env/envValues.js';
import {
  type AuditFacts,
  type AuditRecord,
  type AuditSource,
  FIELD_MAX,
  USER_AGENT_MAX,
} from './auditEvents.js';
import { traceOf } from '../tracing/requestTrace.js';
import type { Pseudonymizer } from './pseudonymizer.js';

/** Told of every event (metrics count the sign-in outcomes, without the user). */
export type AuditObserver = (facts: AuditFacts, source: AuditSource) => void;

/** Spec section 5's client transaction id: a UUID (version 1 to 5, RFC variant) or all zeros. */
const TRANSACTION_ID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000)$/i;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

const cut = (value: string | undefined, max: number) =>
  value === undefined ? undefined : value.slice(0, max);

/**
 * The trail's logger: the server's, at info whatever LOG_LEVEL says (warn or error must not drop
 * the trail), silent only with LOG_LEVEL=silent.
 */
export function auditLogger(log: FastifyBaseLogger, level: LogLevel): FastifyBaseLogger {
  return log.child({}, { level: level === 'silent' ? 'silent' : 'info' });
}

/**
 * Writes the audit trail: one JSON log line per event through the server's logger, marked
 * `audit: true` (`msg: 'audit'`), with the time, the page's client transaction id, the client
 * address (request.ip, TRUST_PROXY-aware) and user agent of the request that revealed it.
 */
export class AuditTrail {
  constructor(
    /** The logger the lines go to (server.ts: a child of the server's that keeps info lines). */
    private readonly log: FastifyBaseLogger,
    readonly pseudonyms: Pseudonymizer,
    private readonly now: () => Date = () => new Date(),
    private readonly observer?: AuditObserver,
  ) {}

  record(request: FastifyRequest, facts: AuditFacts, source: AuditSource = 'server'): void {
    const transactionId = header(request, 'x-client-transaction-id');
    const record: AuditRecord = {
      audit: true,
      event: facts.event,
      source,
      at: this.now().toISOString(),
      ...(transactionId !== undefined && TRANSACTION_ID.test(transactionId)
        ? { transactionId: transactionId.toLowerCase() }
        : {}),
      ...(facts.userKey ? { userKey: facts.userKey } : {}),
      clientAddress: request.ip,
      ...(header(request, 'user-agent')
        ? { userAgent: cut(header(request, 'user-agent'), USER_AGENT_MAX) }
        : {}),
      reqId: request.id,
      trace_id: traceOf(request.raw).traceId,
    };
    for (const field of ['factor', 'nextAction', 'reason', 'credentialType', 'credentialKey'] as const) {
      const value = facts[field];
      if (value) record[field] = cut(value, FIELD_MAX);
    }
    this.log.info(record, 'audit');
    this.observer?.(facts, source);
  }
}
