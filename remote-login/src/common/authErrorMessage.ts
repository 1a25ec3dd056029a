import { ownValue } from '@portal/shared/config';
import { messages } from '../messages';

/** Spec section 8, 'Authentication mapping': error code → message. */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  get '8800004'() {
    return messages.errors.userNotFound;
  },
  get '8800015'() {
    return messages.errors.userDisabled;
  },
};

/**
 * The message for a failed authentication: the mapped code, else the server's errorMessage,
 * else 'Unknown authentication error'.
 */
export function authErrorMessage(error: { errorCode?: string | null; errorMessage?: string | null }): string {
  const mapped = error.errorCode ? ownValue(AUTH_ERROR_MESSAGES, error.errorCode) : undefined;
  return mapped ?? (error.errorMessage || messages.errors.unknownAuthentication);
}
