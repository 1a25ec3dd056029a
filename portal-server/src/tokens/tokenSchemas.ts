import * as v from 'valibot';
import { REFRESH_TOKEN_IN_COOKIE } from './custody/refreshTokenCustody.js';

const token = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(16384, 'is too long'));

/** Browser → portal bodies (docs/contracts.md). */
export const UserTokenRequestSchema = v.object({ assertion: token });
export const RefreshRequestSchema = v.object({
  grant_type: v.literal('refresh_token'),
  /** The refresh token itself never reaches the browser: it sends the word that stands for it. */
  refresh_token: v.literal(
    REFRESH_TOKEN_IN_COOKIE,
    `must be '${REFRESH_TOKEN_IN_COOKIE}': the refresh token stays in the portal's cookie`,
  ),
  scope: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
});
export const RevokeRequestSchema = v.object({ token });

/** SSO → portal success replies; only the fields the browser is meant to get are passed on. */
export const ClientTokenReplySchema = v.object({
  access_token: v.string(),
  token_type: v.string(),
  expires_in: v.number(),
});
export const UserTokenReplySchema = v.object({
  access_token: v.string(),
  /** Sealed into the cookie before the reply goes on; an SSO may leave it out (no offline access, no rotation). */
  refresh_token: v.optional(v.pipe(v.string(), v.minLength(1))),
  id_token: v.optional(v.string()),
  token_type: v.optional(v.string()),
  expires_in: v.number(),
});

/** SSO error replies are passed through as they are, provided they are a JSON object. */
export const UpstreamErrorSchema = v.record(v.string(), v.unknown());
