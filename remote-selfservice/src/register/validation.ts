import { credentialTypeInfo } from '../common/credentialTypes';
import { messages } from '../messages';
import type { RegistrationType } from '../paths';
import { emailAddressError, phoneNumberError } from '@portal/shared/ui/codes';

export interface RegistrationInput {
  type: RegistrationType | null;
  value: string;
  credentialId: string;
}

export interface RegistrationErrors {
  value?: string;
  credentialId?: string;
}

const text = messages.registration;

/** The value rule per type (spec section 5, Registration); types not listed need a value. */
const valueRules: Partial<Record<RegistrationType, (value: string) => string | undefined>> = {
  email: emailAddressError,
  sms: phoneNumberError,
};

/** The messages for the form as it stands (empty when it may be submitted). */
export function validateRegistration(input: RegistrationInput): RegistrationErrors {
  if (!input.type) return {};
  const value = input.value.trim();
  const errors: RegistrationErrors = {};
  const rule = valueRules[input.type];
  const valueError = value === '' ? text.valueRequired : rule?.(value);
  if (valueError) errors.value = valueError;
  if (input.type === 'totp_push' && input.credentialId.trim() === '') {
    errors.credentialId = text.credentialIdRequired;
  }
  return errors;
}

/** Next is enabled only with a type that can be registered here and a valid form. */
export function canSubmitRegistration(input: RegistrationInput): boolean {
  if (!input.type || credentialTypeInfo(input.type)?.registrationDisabled !== false) return false;
  return Object.keys(validateRegistration(input)).length === 0;
}
