import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The oauth2 flow's completion secret (issue 21, item 1). AUTH_ALLOWED hands the browser that
 * completed the authentication a one-time secret in its authCompleteUrl; authcomplete serves the
 * flow only to a request that presents it, and spends it. The browser that merely started the flow
 * (at the relying party) never sees that reply, so it cannot complete a flow someone else
 * authenticated. 32 random bytes, base64url; only its SHA-256 digest is kept.
 */
export const COMPLETION_SECRET_PARAM = 'completion_secret';

/** A new secret and the digest the transaction keeps. */
export function newCompletionSecret(): { secret: string; digest: Buffer } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, digest: digestOf(secret) };
}

function digestOf(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** Whether `presented` is the secret of `digest`: a constant-time comparison of the two digests. */
export function completionSecretMatches(digest: Buffer | undefined, presented: string | undefined): boolean {
  if (digest === undefined || presented === undefined || presented === '') return false;
  return timingSafeEqual(digest, digestOf(presented));
}
