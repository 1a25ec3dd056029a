import { describe, expect, it } from 'vitest';
import { addedLabel } from '../src/common/credentialDate';
import { byCredentialRank, CREDENTIAL_TYPES, credentialTypeInfo } from '../src/common/credentialTypes';

describe('credential types', () => {
  it('follows the spec table', () => {
    expect(CREDENTIAL_TYPES.map((t) => [t.type, t.rank, t.displayName, t.registrationDisabled])).toEqual([
      ['sms', 1, 'SMS', true],
      ['email', 2, 'Email', true],
      ['fido', 3, 'Biometric', false],
      ['securitykey', 4, 'Security key', false],
      ['passkey', 5, 'Passkey', false],
      ['totp', 6, 'Mobile OTP', false],
      ['totp_push', 7, 'Vendor push and OTP credential', false],
    ]);
    expect(credentialTypeInfo('totp')?.registrationName('VIP Access')).toBe('Code from Mobile Authenticator');
    expect(credentialTypeInfo('totp_push')?.registrationName('VIP Access')).toBe('VIP Access');
    expect(credentialTypeInfo('ivr')).toBeUndefined();
  });
  it('sorts by rank, unknown types last', () => {
    const sorted = [{ credType: 'ivr' }, { credType: 'totp' }, { credType: 'SMS' }].sort(byCredentialRank);
    expect(sorted.map((c) => c.credType)).toEqual(['SMS', 'totp', 'ivr']);
  });
  it("formats dates as 'Month D, YYYY' and shows an invalid date raw", () => {
    expect(addedLabel('2024-01-05T10:00:00Z')).toBe('Added January 5, 2024');
    expect(addedLabel('2024-12-25T00:00:00Z')).toBe('Added December 25, 2024');
    // The day in UTC, wherever the browser is.
    expect(addedLabel('2024-12-31T23:30:00-05:00')).toBe('Added January 1, 2025');
    expect(addedLabel('not a date')).toBe('Added not a date');
  });
});
