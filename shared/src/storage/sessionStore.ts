import * as v from 'valibot';
import { plainRecord, type StoredValue, storedValue } from './storedValue';

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
 * What the identity-provider round trip leaves for /idpComplete: only what the hand-back needs
 * of the reply that opened /idp (its next action, the flow state the provider's return must match,
 * the user, an authCompleteUrl) and the provider's display name. Never a token: access_token,
 * id_token, refresh_token or any other field of the reply is dropped when written and when read
 * (issue 14; the handbook allows no token in browser storage).
 */
export const IdpDataSchema = v.object({
  nextaction: v.nullish(v.string()),
  flowState: v.nullish(v.string()),
  flowStateId: v.nullish(v.string()),
  userName: v.nullish(v.string()),
  username: v.nullish(v.string()),
  authCompleteUrl: v.nullish(v.string()),
  providerName: v.nullish(v.string()),
});
export type IdpData = v.InferOutput<typeof IdpDataSchema>;

const storedIdpData = storedValue({
  area: 'session',
  key: 'idpData',
  schema: IdpDataSchema,
  format: 'json',
});

/** The hand-back fields of `value`, each kept only when it is a string (or null). */
export function idpHandBackFields(value: Readonly<Record<string, unknown>>): IdpData {
  const kept: Record<string, string | null> = {};
  for (const key of Object.keys(IdpDataSchema.entries)) {
    const field = value[key];
    if (typeof field === 'string' || field === null) kept[key] = field;
  }
  return kept as IdpData;
}

/** Read like any stored value; written from a whole reply, of which only the hand-back fields are kept. */
export const idpData: Omit<StoredValue<IdpData>, 'write'> & {
  write(value: Readonly<Record<string, unknown>>): void;
} = {
  read: storedIdpData.read,
  write: (value) => storedIdpData.write(idpHandBackFields(value)),
  remove: storedIdpData.remove,
};

/** Query parameters of the oauth2 entry, restored on '?restart=true'. */
export const SavedQueryParamsSchema = plainRecord(v.string());

export const savedQueryParams = storedValue({
  area: 'session',
  key: 'savedQueryParams',
  schema: SavedQueryParamsSchema,
  format: 'json',
});
