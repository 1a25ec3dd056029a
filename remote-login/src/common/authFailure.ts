import type { ApiError } from '@portal/shared/transport';
import { authErrorMessage } from './authErrorMessage';
import { messages } from '@portal/shared/words';

/**
 * The message for a failed authenticate call (spec section 8, 'Authentication mapping'): the
 * mapped code, else the server's errorMessage, else 'Unknown authentication error'. A network
 * failure or unreadable reply keeps its own message.
 */
export function authFailureMessage(error: ApiError): string {
  if (error.kind === 'network' || error.kind === 'malformed') return error.message;
  const serverText = error.message && error.message !== messages.errors.default ? error.message : null;
  return authErrorMessage({ errorCode: error.errorCode ?? null, errorMessage: serverText });
}
