import * as v from 'valibot';

const token = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

export const TokenRequestSchema = v.variant(
  'grant_type',
  [
    v.object({ grant_type: v.literal('client_credentials'), scope: v.optional(v.string()) }),
    v.object({
      grant_type: v.literal('urn:ietf:params:oauth:grant-type:jwt-bearer'),
      assertion: token,
      scope: v.optional(v.string()),
    }),
    v.object({ grant_type: v.literal('refresh_token'), refresh_token: token, scope: v.optional(v.string()) }),
  ],
  'grant_type must be client_credentials, urn:ietf:params:oauth:grant-type:jwt-bearer or refresh_token',
);

export const RevokeRequestSchema = v.object({ token, token_type_hint: v.optional(v.string()) });

export const UserinfoRequestSchema = v.object({ access_token: v.optional(token) });
