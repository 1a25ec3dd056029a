import { PASSCODE_MAX } from '@portal/shared/config';
import { messages } from '../messages';

/** Digits only (spec section 5). */
function isDigits(text: string): boolean {
  return /^[0-9]*$/.test(text);
}

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
