import * as v from 'valibot';
import type { AuditFacts } from './auditEvents.js';

/**
 * The reply interpreter: what one proxied SSO call (spec section 7) says happened, read from the
 * SSO's own reply (spec sections 4 and 8; the emulator's README lists the codes). Pure: the caller
 * adds who (the user key) and writes the events.
 */

/** The few request fields read (never logged): who an authenticate names, what a PUT sets. */
export interface RequestFacts {
  subject?: string | undefined;
  resetFlow?: boolean | undefined;
  status?: string | undefined;
}

export interface SsoExchange {
  method: string;
  /** The path under the service base, e.g. `factor/v1/PasswordAuthenticator`. */
  path: string;
  status: number;
  /** The reply when it is a JSON object. */
  reply: unknown;
  request: RequestFacts;
}

/** An event of the exchange, before the user key is known; credId is turned into a key by the caller. */
export type ExchangeEvent = Omit<AuditFacts, 'userKey' | 'credentialKey'> & { credId?: string };

const text = v.fallback(v.optional(v.string()), undefined);
const code = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((value) => String(value)),
    ),
  ),
  undefined,
);

const ReplySchema = v.looseObject({
  nextaction: text,
  flowState: text,
  userName: text,
  username: text,
  errorCode: code,
  credId: text,
  credType: text,
  status: text,
  data: v.fallback(v.optional(v.looseObject({ status: text, errorCode: code })), undefined),
});

export type ReplyFacts = v.InferOutput<typeof ReplySchema>;

export function replyFacts(reply: unknown): ReplyFacts {
  const parsed = v.safeParse(ReplySchema, reply);
  return parsed.success ? parsed.output : {};
}

/** The SSO's codes the trail reads (spec section 8; emulator README, errors). */
const USER_DISABLED = '8800015';
const USER_NOT_FOUND = '8800004';
const PASSWORD_CHANGE_REQUIRED = '1003033';
/** Not the factor's outcome: an expired client token (retried by the page) or a dead flow state. */
const NOT_AN_OUTCOME = new Set(['0000005', '0000010']);

const AUTHENTICATE = 'auth/v1/authenticate';
const SELECTED_FACTOR = 'auth/v1/SelectedFactor';
const PUSH_STATUS = 'factor/v1/PushStatus';
const CUSTOM = 'factor/v1/CustomAuthenticator';
const ME_CRED = /^factor\/v1\/MeCreds\/([^/]+)$/;

/** The calls that prove a factor, and the factor each proves. */
const FACTOR_CALLS: Readonly<Record<string, string>> = {
  'factor/v1/PasswordAuthenticator': 'PASSWORD',
  'factor/v1/OTPVerifier': 'OTP',
  'factor/v1/MobileOTPVerifier': 'MOBILEOTP',
  'factor/v1/FIDOAuthChallengeVerifier': 'FIDO',
  'factor/v1/FIDORegChallengeVerifier': 'FIDO',
  [CUSTOM]: 'CUSTOM',
  [PUSH_STATUS]: 'PUSH',
};

/** The calls that end a registration: `data.status: 'SUCCESS'` with a credId means a new active credential. */
const REGISTRATION_CALLS = new Set([
  'factor/v1/OTPVerifier',
  'factor/v1/MobileOTPVerifier',
  'factor/v1/FIDORegChallengeVerifier',
  'factor/v1/VIPCredentialRegistrar',
]);

/** AUTH_ALLOWED and AUTH_DENIED end the sign-in, whichever call they answer. */
function verdict(reply: ReplyFacts): ExchangeEvent[] {
  if (reply.nextaction === 'AUTH_ALLOWED') return [{ event: 'signin.allowed', nextAction: reply.nextaction }];
  if (reply.nextaction === 'AUTH_DENIED') return [{ event: 'signin.denied', nextAction: reply.nextaction }];
  return [];
}

function authenticateOutcomes(x: SsoExchange, reply: ReplyFacts, ok: boolean): ExchangeEvent[] {
  if (x.request.resetFlow) return [];
  const errorCode = reply.errorCode ?? reply.data?.errorCode;
  if (!ok) {
    if (errorCode === USER_DISABLED) return [{ event: 'signin.locked', reason: errorCode }];
    if (errorCode === USER_NOT_FOUND) return [{ event: 'signin.denied', reason: errorCode }];
    return [];
  }
  const ends = verdict(reply);
  // A typed user name starts a sign-in. Without one, the relying party's login_hint does (the
  // reply names the user at a first step); the identity provider's hand-back or a live SSO session
  // (AUTH_ALLOWED) only ends one, and a bare oauth2 arrival (no nextaction) waits for the User ID.
  const starts =
    reply.nextaction !== undefined &&
    (x.request.subject ? true : Boolean(reply.userName || reply.username) && ends.length === 0);
  return starts ? [{ event: 'signin.started', nextAction: reply.nextaction }, ...ends] : ends;
}

function credentialOutcomes(x: SsoExchange, reply: ReplyFacts, credId: string): ExchangeEvent[] {
  if (x.method === 'DELETE') return [{ event: 'credential.removed', credId, credentialType: reply.credType }];
  if (x.method !== 'PUT') return [];
  const status = reply.status ?? x.request.status;
  if (status === 'ACTIVE') return [{ event: 'credential.activated', credId, credentialType: reply.credType }];
  if (status === 'INACTIVE')
    return [{ event: 'credential.deactivated', credId, credentialType: reply.credType }];
  return [];
}

function factorOutcomes(x: SsoExchange, reply: ReplyFacts, ok: boolean, factor: string): ExchangeEvent[] {
  const errorCode = reply.errorCode ?? reply.data?.errorCode;
  if (!ok) {
    if (errorCode === PASSWORD_CHANGE_REQUIRED) {
      // The password was right; the SSO asks for a new one before the sign-in goes on.
      return [{ event: 'signin.factor.passed', factor, nextAction: reply.nextaction ?? 'CHANGE_PASSWORD' }];
    }
    if (errorCode !== undefined && NOT_AN_OUTCOME.has(errorCode)) return [];
    return [{ event: 'signin.factor.failed', factor, reason: errorCode ?? String(x.status) }];
  }
  const passed: ExchangeEvent = { event: 'signin.factor.passed', factor, nextAction: reply.nextaction };
  const word = reply.data?.status;
  if (x.path === PUSH_STATUS) {
    if (word === 'AUTHENTICATED') return [passed, ...verdict(reply)];
    if (word === 'REJECTED' || word === 'TIMED_OUT')
      return [{ event: 'signin.factor.failed', factor, reason: word }];
    return [];
  }
  if (x.path === CUSTOM) {
    if (word === 'Reject' || word === 'Terminate') {
      return [{ event: 'signin.factor.failed', factor, reason: word }, ...verdict(reply)];
    }
    return word === 'Accept' ? [passed, ...verdict(reply)] : [];
  }
  return reply.nextaction === undefined ? [] : [passed, ...verdict(reply)];
}

/** The audit events one proxied call reveals, in order. */
export function signInOutcomes(x: SsoExchange): ExchangeEvent[] {
  const reply = replyFacts(x.reply);
  const ok = x.status >= 200 && x.status < 300;
  if (x.path === AUTHENTICATE) return authenticateOutcomes(x, reply, ok);
  if (x.path === SELECTED_FACTOR) return ok ? verdict(reply) : [];
  const credential = ME_CRED.exec(x.path);
  if (credential?.[1]) return ok ? credentialOutcomes(x, reply, decodeURIComponent(credential[1])) : [];
  const events: ExchangeEvent[] = [];
  // A registration that ends with an active credential: self-service (no nextaction) or a
  // passkey registered during the sign-in (the next step with the new credId).
  if (ok && REGISTRATION_CALLS.has(x.path) && reply.credId !== undefined) {
    if (reply.data?.status === 'SUCCESS' || (reply.nextaction !== undefined && x.path.includes('FIDO'))) {
      events.push({ event: 'credential.added', credId: reply.credId, credentialType: reply.credType });
    }
  }
  const factor = FACTOR_CALLS[x.path];
  if (factor !== undefined) events.push(...factorOutcomes(x, reply, ok, factor));
  return events;
}
