import type { ApiError } from '@portal/shared/transport';
import { messages as kernelMessages } from '@portal/shared/words';
import { messages } from '../messages';

/**
 * The restart notice's message when the identity provider's form could not be had: the service's
 * own message for an HTTP error that carries one, the network failure's message, else (an empty,
 * null or unreadable reply, an HTTP error without text) 'Unexpected response from identity provider.'.
 */
export function idpFailureMessage(error: ApiError): string {
  if (error.kind === 'network') return error.message;
  if (error.kind === 'http' && error.message && error.message !== kernelMessages.errors.default)
    return error.message;
  return messages.idp.unexpectedResponse;
}
