import { OTP_LENGTH } from '../../constants';
import { messages } from '../../messages/en_US';

/** Digits only (spec section 5, OTP entry). */
export function isDigits(text: string): boolean {
  return /^[0-9]*$/.test(text);
}

/** The message for a code that cannot be submitted yet, or null when it is complete. */
export function otpLengthError(code: string, length: number = OTP_LENGTH): string | null {
  return code.length === length && isDigits(code) ? null : messages.otp.securityCodeLength({ n: length });
}

/** Writes `text` into the boxes from `start` on, one digit per box, and returns the new boxes. */
export function fillDigits(boxes: readonly string[], start: number, text: string): string[] {
  const next = [...boxes];
  [...text].slice(0, boxes.length - start).forEach((digit, offset) => {
    next[start + offset] = digit;
  });
  return next;
}
