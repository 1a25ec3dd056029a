/** What a failed browser prompt means for the screen. */
export type CeremonyFailure = 'aborted' | 'cancelled' | 'failed';

function nameOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const named = error as { name?: unknown; code?: unknown; cause?: { name?: unknown } };
  if (named.code === 'ERROR_CEREMONY_ABORTED') return 'CeremonyAborted';
  if (typeof named.name === 'string' && named.name !== 'Error' && named.name !== 'WebAuthnError')
    return named.name;
  return typeof named.cause?.name === 'string' ? named.cause.name : undefined;
}

/**
 * A new ceremony aborting the old one is ignored; NotAllowedError (the user cancelled, or the
 * prompt timed out, or verification failed) and AbortError offer a retry; the rest is an error.
 */
export function ceremonyFailure(error: unknown): CeremonyFailure {
  const name = nameOf(error);
  if (name === 'CeremonyAborted') return 'aborted';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  return 'failed';
}
