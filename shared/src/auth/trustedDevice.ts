import type { AuthReply } from '../api/schemas';
import { forgetTrustedDevice, readTrustedDeviceId, rememberTrustedDevice } from './deviceCookies';
import type { CookieEnvironment } from '../storage/cookies';

/**
 * The trusted-device rule: what a routed reply's additional block (spec section 3:
 * isTrustedDeviceEnabled, trustedDeviceId, trustedDeviceExpiryDays) does to the user's tdi- cookie.
 *
 * - The server trusts this browser (enabled, non-empty id) in an AUTH_ALLOWED reply: keep the id,
 *   for trustedDeviceExpiryDays days (a browser-session cookie when it gives no positive number).
 *   Before the sign-in is complete nothing is written: a device is trusted by a finished sign-in.
 * - The server says this browser is not trusted (enabled false, or an empty id), in any reply,
 *   and the browser holds a tdi- cookie for that user: remove it. The id was refused (expired,
 *   revoked, unknown): sending it again would only leak it.
 * - No additional block, or no isTrustedDeviceEnabled in it (OTP generate, push status…): the
 *   reply says nothing about the device; the cookie stays as it is.
 */

export type TrustedDeviceVerdict =
  | { kind: 'trusted'; trustedDeviceId: string; expiryDays: number | null }
  | { kind: 'untrusted' }
  | { kind: 'silent' };

/** What a reply's additional block says about this browser. */
export function trustedDeviceVerdict(additional: AuthReply['additional']): TrustedDeviceVerdict {
  const enabled = additional?.isTrustedDeviceEnabled;
  if (enabled === undefined || enabled === null) return { kind: 'silent' };
  const trustedDeviceId = additional?.trustedDeviceId ?? '';
  if (!enabled || trustedDeviceId === '') return { kind: 'untrusted' };
  return { kind: 'trusted', trustedDeviceId, expiryDays: additional?.trustedDeviceExpiryDays ?? null };
}

/** Applies the rule to `userName`'s tdi- cookie for one routed reply. */
export function syncTrustedDeviceCookie(userName: string, reply: AuthReply, env?: CookieEnvironment): void {
  if (!userName) return;
  const verdict = trustedDeviceVerdict(reply.additional);
  if (verdict.kind === 'untrusted') {
    if (readTrustedDeviceId(userName, env) !== null) forgetTrustedDevice(userName, env);
  } else if (verdict.kind === 'trusted' && reply.nextaction === 'AUTH_ALLOWED') {
    rememberTrustedDevice(userName, verdict.trustedDeviceId, verdict.expiryDays, env);
  }
}
