import { messages } from '@portal/shared/words';

/** What the push enrolment form asks for: the vendor app's Credential ID and a name for the phone. */
export interface PushEnrolmentInput {
  credentialId: string;
  name: string;
}

export type PushEnrolmentErrors = Partial<Record<keyof PushEnrolmentInput, string>>;

/**
 * The Credential ID as the service takes it: vendor apps show it in groups ('VSMT 1234 5678')
 * and people type it in lower case, so spaces and hyphens go and letters become capitals. Its
 * exact format is the vendor's to check (the service answers with a message).
 */
export function normaliseCredentialId(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** Both are required (spec section 5: totp_push also requires a credential ID). */
export function validatePushEnrolment(input: PushEnrolmentInput): PushEnrolmentErrors {
  const errors: PushEnrolmentErrors = {};
  if (normaliseCredentialId(input.credentialId) === '') {
    errors.credentialId = messages.registration.credentialIdRequired;
  }
  if (input.name.trim() === '') errors.name = messages.registration.valueRequired;
  return errors;
}
