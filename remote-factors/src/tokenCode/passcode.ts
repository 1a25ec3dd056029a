import { PASSCODE_MAX } from '@portal/shared/constants';
import { messages } from '@portal/shared/messages/en_US';
import { isDigits } from '@portal/shared/validation/otpCode';

/** Custom token-code passcode rules (spec section 5): required, digits only, at most 10. */
export function passcodeError(value: string): string | null {
  if (value === '') return messages.securid.passcodeRequired;
  if (!isDigits(value)) return messages.securid.invalidCharacter;
  return null;
}

/** Keys that would put a non-digit into the field; editing and navigation keys pass. */
export function blocksKey(key: string, withModifier: boolean): boolean {
  return !withModifier && key.length === 1 && !/[0-9]/.test(key);
}

export { PASSCODE_MAX };
