import type { AuthReply, CredentialOption } from '@portal/shared/transport';

/**
 * Whether the reply that opened a factor screen asks the user to enrol (register a credential
 * in the middle of signing in) rather than to use one. The next-action router sends enrolment and
 * sign-in to the same screens (spec section 4), so the screens tell them apart here.
 */

/** The register actions of spec section 4's table. */
const REGISTER_ACTIONS: ReadonlySet<string> = new Set([
  'SMS_OTP_REGISTER',
  'EMAIL_OTP_REGISTER',
  'IVR_OTP_REGISTER',
  'MOBILEOTP_REGISTER',
  'PUSH_REGISTRATION_INITIATOR',
]);

/** The spec's `inline_registration` field; the service may write it as a boolean or as text. */
function inlineRegistration(reply: AuthReply): boolean {
  const flag = reply.inline_registration;
  return flag === true || (typeof flag === 'string' && flag.toLowerCase() === 'true');
}

/**
 * A register action, or `inline_registration` on a step that offers no credential to use (a
 * server that flags the step but names the sign-in action).
 */
export function isEnrolmentStep(reply: AuthReply | null): boolean {
  if (!reply) return false;
  if (REGISTER_ACTIONS.has(reply.nextaction ?? '')) return true;
  return inlineRegistration(reply) && (reply.credentials?.length ?? 0) === 0;
}

/**
 * PUSH_REGISTRATION_STATUS names the credential whose registration push is outstanding
 * (credentials[0]); null for any other reply, or one without a credential.
 */
export function pendingPushRegistration(reply: AuthReply | null): CredentialOption | null {
  if (reply?.nextaction !== 'PUSH_REGISTRATION_STATUS') return null;
  const credential = reply.credentials?.[0];
  return credential?.credId ? credential : null;
}
