import { v4 as uuidv4 } from 'uuid';
import * as v from 'valibot';

/** Query parameter (and header) carrying the client transaction id. */
export const TRANSACTION_ID_PARAM = 'X-CLIENT-TRANSACTION-ID';

export const INVALID_UUID_MESSAGE = 'Stringified UUID is invalid';

/**
 * Spec section 5: a standard UUID, version 1 to 5 and variant 8/9/a/b, or all zeros. (uuid 14's
 * own `validate` also accepts versions 6 to 8 and the max UUID, so the rule is spelled here.)
 */
const UUID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000)$/i;

export const TransactionIdSchema = v.pipe(v.string(), v.regex(UUID_PATTERN, INVALID_UUID_MESSAGE));

export function isValidTransactionId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** Throws TypeError('Stringified UUID is invalid') for a value that is not a standard UUID. */
export function assertTransactionId(value: string): string {
  if (!isValidTransactionId(value)) throw new TypeError(INVALID_UUID_MESSAGE);
  return value;
}

export interface ResolvedTransactionId {
  id: string;
  /** Set when the address carried an invalid id (a fresh one is used instead). */
  error?: typeof INVALID_UUID_MESSAGE;
}

/**
 * The id from the page address (X-CLIENT-TRANSACTION-ID) when valid, otherwise a fresh random
 * version-4 UUID, so every session has an id the help desk can trace.
 */
export function resolveTransactionId(search: string, generate: () => string = uuidv4): ResolvedTransactionId {
  const fromAddress = new URLSearchParams(search).get(TRANSACTION_ID_PARAM);
  if (fromAddress === null || fromAddress === '') return { id: generate() };
  if (isValidTransactionId(fromAddress)) return { id: fromAddress };
  return { id: generate(), error: INVALID_UUID_MESSAGE };
}
