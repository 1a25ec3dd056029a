/**
 * The audit trail's events (README, "Audit trail"): one JSON log line per sign-in step outcome,
 * session end and credential change. Field values are bounded and never hold the user name, a
 * password, a code, a token or a request body.
 */
export const AUDIT_EVENT_KINDS = [
  'signin.started',
  'signin.factor.passed',
  'signin.factor.failed',
  'signin.denied',
  'signin.locked',
  'signin.allowed',
  'session.logout',
  'session.idle-logout',
  'session.refresh-refused',
  'credential.added',
  'credential.removed',
  'credential.activated',
  'credential.deactivated',
] as const;

export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/** Who saw the outcome: this server (from the SSO's reply or its own token routes), or the page. */
export type AuditSource = 'server' | 'browser';

/** What an event says beyond the fields every event has (AuditRecord). */
export interface AuditFacts {
  event: AuditEventKind;
  /** The factor of a factor event (spec section 3's codes: PASSWORD, OTP, MOBILEOTP, PUSH, FIDO, CUSTOM). */
  factor?: string;
  /** The SSO's nextaction after this step (e.g. PASSWORD_AUTH, AUTH_ALLOWED). */
  nextAction?: string;
  /** The SSO's error code or status word behind a refusal (8800011, REJECTED, Terminate…). */
  reason?: string;
  /** A credential's type (sms, totp…) in credential events, when the SSO said it. */
  credentialType?: string;
  /** A credential's pseudonym (keyed hash of its credId). */
  credentialKey?: string;
  /** The user's pseudonym (keyed hash of the lower-cased User ID), when known. */
  userKey?: string;
}

/** One line of the trail: the facts plus who, when and from where. */
export interface AuditRecord extends AuditFacts {
  audit: true;
  source: AuditSource;
  /** ISO 8601, UTC. */
  at: string;
  /** The page's X-CLIENT-TRANSACTION-ID (a UUID), when it sent a valid one. */
  transactionId?: string;
  /** request.ip: the client address as TRUST_PROXY resolves it. */
  clientAddress: string;
  /** The User-Agent header, cut to USER_AGENT_MAX characters. */
  userAgent?: string;
  /** Fastify's request id: ties the event to the request's own log lines. */
  reqId: string;
  /** The request's W3C trace id (its traceparent's, or the one this server gave it), as on its log lines. */
  trace_id: string;
}

/** Free-text fields from a client or the SSO are cut to these lengths. */
export const USER_AGENT_MAX = 256;
export const FIELD_MAX = 64;
