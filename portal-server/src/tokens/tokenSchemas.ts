import * as v from 'valibot';

const token = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(16384, 'is too long'));

/** Browser → portal bodies (docs/contracts.md). */
export const UserTokenRequestSchema = v.object({
  assertion: token,
  /**
   * The handle of the sign-in this page holds, if any (custody/refreshHandle.ts): that sign-in is
   * revoked and replaced, and for the same user the new one keeps its start (the 12 h clock).
   */
  refresh_token: v.optional(token),
});
export const RefreshRequestSchema = v.object({
  grant_type: v.literal('refresh_token'),
  /** The refresh token itself never reaches the browser: it sends its sign-in's handle. */
  refresh_token: token,
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
  /** Read by nobody: the page needs no id_token after sign-in, so it is never passed on. */
  id_token: v.optional(v.string()),
  token_type: v.optional(v.string()),
  expires_in: v.number(),
});
export type UserTokenReply = v.InferOutput<typeof UserTokenReplySchema>;

/** What the page gets of a user-token reply: the access token, its expiry and the sign-in's handle. */
export interface PageTokens {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  expires_in: number;
}

export function pageTokens(tokens: UserTokenReply, handle: string | undefined): PageTokens {
  return {
    access_token: tokens.access_token,
    ...(handle === undefined ? {} : { refresh_token: handle }),
    ...(tokens.token_type === undefined ? {} : { token_type: tokens.token_type }),
    expires_in: tokens.expires_in,
  };
}

/** SSO error replies are passed through as they are, provided they are a JSON object. */
export const UpstreamErrorSchema = v.record(v.string(), v.unknown());
