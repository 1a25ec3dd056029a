import type { ApiError } from '@portal/shared/transport';
import { messages } from '../messages';

/** A recovery code: 10 letters and digits; people may type it with spaces, hyphens, lower case. */
export const RECOVERY_CODE_LENGTH = 10;
/** Room for the code typed in two groups with separators, and no more. */
export const RECOVERY_CODE_MAX_TYPED = 20;

/** The code without what people add to read it ('7k3mz-9qh2d' → '7K3MZ9QH2D'). */
export function compactRecoveryCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

/** The field's message for what was typed, or null when it can be sent. */
export function recoveryCodeProblem(typed: string): string | null {
  const code = compactRecoveryCode(typed);
  if (code === '') return messages.recoveryCode.required;
  if (!/^[0-9A-Z]+$/.test(code) || code.length !== RECOVERY_CODE_LENGTH) return messages.recoveryCode.format;
  return null;
}

/** The SSO's answers to a refused code (sso-emulator README, "Recovery codes"). */
const REFUSALS: Readonly<Record<string, string>> = {
  get '8800023'() {
    return messages.recoveryCode.invalid;
  },
  get '8800024'() {
    return messages.recoveryCode.locked;
  },
};

/** The banner for a failed call: our words for a refused code, the server's for anything else. */
export function recoveryCodeError(error: ApiError): string {
  return (error.errorCode && REFUSALS[error.errorCode]) || error.message;
}
