import { SMS_MIN_LENGTH } from '../../constants';
import { messages } from '../../messages/en_US';

/**
 * The rules for a phone number or e-mail address a user registers (spec section 5,
 * Registration), for self-service registration and for enrolment during sign-in alike. Each
 * returns the message to show, or undefined when the value is acceptable.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An optional '+', then digits, with the spaces, dots, hyphens and brackets people write them with. */
const PHONE = /^\+?\d[\d\s().-]*$/;

const text = messages.registration;

/** A valid e-mail format. */
export function emailAddressError(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return text.valueRequired;
  return EMAIL.test(trimmed) ? undefined : text.emailInvalid;
}

/** A phone number starting with its country code: at least SMS_MIN_LENGTH characters, no letters. */
export function phoneNumberError(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return text.valueRequired;
  return trimmed.length >= SMS_MIN_LENGTH && PHONE.test(trimmed)
    ? undefined
    : text.smsTooShort({ min: SMS_MIN_LENGTH });
}
