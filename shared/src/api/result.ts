import type { Saying } from '../i18n/saying';

/**
 * What every API call returns: screens branch on `ok` instead of catching exceptions.
 * `kind` tells a null reply (routed as 'Server error, response is null') from an unreadable one,
 * an HTTP error and a network failure; 'aborted' is a call its caller cancelled (the screen was
 * left or started another call), which nobody shows.
 */
export type ApiErrorKind = 'http' | 'network' | 'null' | 'malformed' | 'aborted';

export interface ApiError {
  kind: ApiErrorKind;
  /**
   * Text for the user: the server's message as sent, or the catalogue's, read in the active locale
   * each time (apiError). Render as text; to keep it for later, keep `() => error.message`.
   */
  message: string;
  errorCode?: string;
  status?: number;
  /** For the console only: why a reply did not parse. */
  detail?: string;
}

export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: ApiError };

/**
 * An ApiError whose message is `message`: the server's text as sent (a string), or the catalogue's
 * words (a function), read again each time `message` is, so an error kept across a language switch
 * is shown in the new words.
 */
export function apiError(
  kind: ApiErrorKind,
  message: Saying,
  extra: Omit<ApiError, 'kind' | 'message'> = {},
): ApiError {
  const error = { kind, ...extra } as ApiError;
  Object.defineProperty(
    error,
    'message',
    typeof message === 'function'
      ? { enumerable: true, configurable: true, get: message }
      : { enumerable: true, configurable: true, writable: true, value: message },
  );
  return error;
}
