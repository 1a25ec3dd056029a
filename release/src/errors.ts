/**
 * A refusal the user can act on: bad input, a missing release, a build that fails its checks.
 * The CLI prints its message (and its problems) and exits non-zero; anything else is a bug.
 */
export class ReleaseError extends Error {
  override name = 'ReleaseError';

  constructor(
    message: string,
    /** The individual problems found (verify's refusals), each a sentence naming one. */
    readonly problems: readonly string[] = [],
  ) {
    super(message);
  }
}
