/**
 * What every API call returns: screens branch on `ok` instead of catching exceptions.
 * `kind` tells a null reply (routed as 'Server error, response is null') from an unreadable one,
 * an HTTP error and a network failure; 'aborted' is a call its caller cancelled (the screen was
 * left or started another call), which nobody shows.
 */
export type ApiErrorKind = 'http' | 'network' | 'null' | 'malformed' | 'aborted';

export interface ApiError {
  kind: ApiErrorKind;
  /** Text for the user: the server's message, or the catalogue's. Render as text. */
  message: string;
  errorCode?: string;
  status?: number;
  /** For the console only: why a reply did not parse. */
  detail?: string;
}

export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: ApiError };
