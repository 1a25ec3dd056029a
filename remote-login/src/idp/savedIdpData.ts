import { type IdpData, IdpDataSchema } from '@portal/shared/storage';
import * as v from 'valibot';

const IDP_DATA_KEY = 'idpData';

export interface SavedIdpData {
  /** Whether the /idp step left anything at all (to tell unreadable from absent). */
  present: boolean;
  /** What it left, when it passes the schema. */
  saved: IdpData | null;
}

function rawEntry(): string | null {
  try {
    return globalThis.sessionStorage.getItem(IDP_DATA_KEY);
  } catch {
    return null;
  }
}

function decode(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What the /idp step left, read without changing anything. /idpComplete reads it while rendering,
 * and a render React discards and starts again (a lazy part suspending) must find the same: the
 * kernel's `idpData.read()` removes an unreadable entry, so the second render would have said
 * 'Missing information…' instead of 'Unable to parse…'. The screen removes the entry once mounted.
 */
export function peekSavedIdpData(): SavedIdpData {
  const raw = rawEntry();
  if (raw === null) return { present: false, saved: null };
  const parsed = v.safeParse(IdpDataSchema, decode(raw));
  return { present: true, saved: parsed.success ? parsed.output : null };
}
