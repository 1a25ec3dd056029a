import type { EmulatorContext } from '../context.js';
import { ApiError } from '../http/apiError.js';
import type { TokenFamily } from '../state/tokenFamilies.js';

export function invalidGrant(description: string): ApiError {
  return new ApiError(400, '0000400', description, {
    error: 'invalid_grant',
    error_description: description,
  });
}

/**
 * Redeems a refresh token (grant_type=refresh_token), as an SSO with rotation and reuse detection
 * does: only the family's newest refresh token redeems, once; a retired one presented again means
 * a copy is in other hands, so the whole family (every access, refresh and id token of that
 * sign-in) is revoked; and no family refreshes past its absolute lifetime.
 * Returns the family to issue the rotated tokens in; the redeemed token is retired.
 */
export async function redeemRefreshToken(ctx: EmulatorContext, refreshToken: string): Promise<TokenFamily> {
  const { tokenFamilies } = ctx.state;
  const claims = await ctx.tokens.verify(refreshToken, ['refresh']);
  const family = claims?.fam === undefined ? undefined : tokenFamilies.get(claims.fam);
  if (!claims || !family) throw invalidGrant('Refresh token is invalid, expired or revoked');
  if (family.currentRefreshJti !== claims.jti) {
    tokenFamilies.end(family, 'reuse');
    throw invalidGrant('Refresh token reuse detected: every token of this sign-in is revoked');
  }
  if (ctx.state.clock.now() >= family.endsAt) {
    tokenFamilies.end(family, 'lifetime');
    throw invalidGrant('The session has reached its maximum lifetime, please sign in again');
  }
  family.retired.set(claims.jti, refreshToken);
  family.currentRefreshJti = null;
  return family;
}
