import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { applyPortalConfig, defaultPortalConfig } from '../src/config/portalConfig';
import {
  automaticPasskeyUpgradeOn,
  passkeySettingsAtom,
  passkeySignalsOn,
  readPasskeySettings,
  webAuthnHintsFor,
} from '../src/config/passkeySettings';

describe('passkey settings (issue 27)', () => {
  it('are read beside the configuration; absent or unreadable: the defaults', () => {
    const store = createStore();
    const config = applyPortalConfig(store, {
      ...defaultPortalConfig,
      passkeys: { signals: false, hints: { employees: ['client-device'] } },
    });
    expect(config).not.toHaveProperty('passkeys');
    expect(store.get(passkeySettingsAtom)).toEqual({
      signals: false,
      hints: { employees: ['client-device'] },
    });
    expect(readPasskeySettings({ passkeys: { hints: { clients: ['radio'] } } })).toEqual({});
    expect(readPasskeySettings(null)).toEqual({});
  });

  it('switches default to on', () => {
    expect(passkeySignalsOn({})).toBe(true);
    expect(automaticPasskeyUpgradeOn({})).toBe(true);
    expect(passkeySignalsOn({ signals: false })).toBe(false);
    expect(automaticPasskeyUpgradeOn({ automaticUpgrade: false })).toBe(false);
  });

  it("hints: security-key for employees' passkeys and client-device for clients' unless configured", () => {
    expect(webAuthnHintsFor({}, 'employees', 'PASSKEY')).toEqual(['security-key']);
    expect(webAuthnHintsFor({}, 'clients', 'PASSKEY')).toEqual(['client-device']);
    expect(webAuthnHintsFor({ hints: { employees: ['client-device'] } }, 'employees', 'PASSKEY')).toEqual([
      'client-device',
    ]);
    expect(webAuthnHintsFor({}, 'clients', 'SECURITYKEY')).toEqual(['security-key']);
    expect(webAuthnHintsFor({}, 'employees', 'FIDO')).toEqual(['client-device']);
  });
});
