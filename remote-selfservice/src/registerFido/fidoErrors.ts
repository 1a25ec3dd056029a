import { messages } from '@portal/shared/words';
import { unexpectedErrorText } from '../common/errorText';

/** Errors of the browser's registration prompt, by WebAuthnError code or DOMException name. */
export type PromptOutcome = { kind: 'ignore' } | { kind: 'message'; text: string };

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  return code;
}

function nameOf(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/**
 * An excluded (already registered) authenticator says so; a ceremony replaced by a newer one
 * is ignored; anything else is an unexpected error in the browser.
 */
export function promptErrorOutcome(error: unknown): PromptOutcome {
  if (codeOf(error) === 'ERROR_CEREMONY_ABORTED') return { kind: 'ignore' };
  if (
    codeOf(error) === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' ||
    nameOf(error) === 'InvalidStateError'
  ) {
    return { kind: 'message', text: messages.registration.alreadyRegistered };
  }
  return { kind: 'message', text: unexpectedErrorText(error) };
}
