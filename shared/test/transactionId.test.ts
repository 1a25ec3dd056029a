import { describe, expect, it } from 'vitest';
import {
  assertTransactionId,
  isValidTransactionId,
  resolveTransactionId,
  TransactionIdSchema,
} from '../src/session/transactionId';
import * as v from 'valibot';

const V4 = '6f1c2a1e-8d4b-4c3a-9b2e-1f0a2b3c4d5e';

describe('client transaction id', () => {
  it.each([
    V4,
    '6F1C2A1E-8D4B-1C3A-8B2E-1F0A2B3C4D5E',
    '6f1c2a1e-8d4b-5c3a-ab2e-1f0a2b3c4d5e',
    '00000000-0000-0000-0000-000000000000',
  ])('accepts %s', (id) => {
    expect(isValidTransactionId(id)).toBe(true);
    expect(assertTransactionId(id)).toBe(id);
  });
  it.each([
    'not-a-uuid',
    '6f1c2a1e-8d4b-6c3a-9b2e-1f0a2b3c4d5e', // version 6
    '6f1c2a1e-8d4b-0c3a-9b2e-1f0a2b3c4d5e', // version 0
    '6f1c2a1e-8d4b-4c3a-cb2e-1f0a2b3c4d5e', // variant c
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    `${V4}x`,
    '',
  ])("rejects %s with 'Stringified UUID is invalid'", (id) => {
    expect(isValidTransactionId(id)).toBe(false);
    expect(() => assertTransactionId(id)).toThrow(new TypeError('Stringified UUID is invalid'));
    const parsed = v.safeParse(TransactionIdSchema, id);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0]?.message).toBe('Stringified UUID is invalid');
  });
  it('takes a valid id from the address', () => {
    expect(resolveTransactionId(`?X-CLIENT-TRANSACTION-ID=${V4}&a=1`)).toEqual({ id: V4 });
  });
  it('makes a fresh v4 id when the address has none', () => {
    const { id, error } = resolveTransactionId('?a=1');
    expect(error).toBeUndefined();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it('replaces an invalid id from the address and reports why', () => {
    expect(resolveTransactionId('?X-CLIENT-TRANSACTION-ID=bogus', () => 'fresh')).toEqual({
      id: 'fresh',
      error: 'Stringified UUID is invalid',
    });
  });
});
