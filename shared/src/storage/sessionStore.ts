import * as v from 'valibot';
import { AuthReplySchema } from '../api/schemas';
import { plainRecord, storedValue } from './storedValue';

/**
 * Session storage holds exactly three things (spec section 3): the flow type, the
 * identity-provider data and the saved query parameters.
 */

export const OAUTH2_FLOW = 'oauth2';

/** 'x-flow': 'oauth2' for the redirect-style flow; anything else is the direct flow. */
export const flowType = storedValue({
  area: 'session',
  key: 'x-flow',
  schema: v.pipe(v.string(), v.minLength(1)),
  format: 'text',
});

export function isOauth2Flow(): boolean {
  return flowType.read() === OAUTH2_FLOW;
}

/**
 * What the identity-provider round trip leaves for /idpComplete: the server's reply (read like
 * any auth reply) and, optionally, the provider's display name.
 */
export const IdpDataSchema = v.looseObject({
  ...AuthReplySchema.entries,
  providerName: v.nullish(v.string()),
});
export type IdpData = v.InferOutput<typeof IdpDataSchema>;

export const idpData = storedValue({
  area: 'session',
  key: 'idpData',
  schema: IdpDataSchema,
  format: 'json',
});

/** Query parameters of the oauth2 entry, restored on '?restart=true'. */
export const SavedQueryParamsSchema = plainRecord(v.string());

export const savedQueryParams = storedValue({
  area: 'session',
  key: 'savedQueryParams',
  schema: SavedQueryParamsSchema,
  format: 'json',
});
