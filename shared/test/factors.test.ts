import { describe, expect, it } from 'vitest';
import {
  baseFactorCode,
  cleanIdpLabel,
  factorChoices,
  factorLabel,
  groupRelatedFactors,
  inlineFactorMessage,
} from '../src/flow/factors';

describe('factor codes and labels', () => {
  it('takes the base code before a /suffix', () => {
    expect(baseFactorCode('FIDO/platform')).toBe('FIDO');
    expect(baseFactorCode('PASSWORD')).toBe('PASSWORD');
    expect(factorLabel('SMSOTP/primary')).toBe('Text message (SMS)');
  });
  it('does not take labels from Object.prototype', () => {
    expect(factorChoices(['constructor', 'toString'], {})).toEqual([]);
  });
  it('drops factors with no known label', () => {
    const choices = factorChoices(['PASSWORD', 'WHATEVER', 'CUSTOM9', 'PUSH']);
    expect(choices.map((c) => c.code)).toEqual(['PASSWORD', 'PUSH']);
  });
  it('names custom factors from customFactorOptions', () => {
    const choices = factorChoices(['CUSTOM9', 'CUSTOM/securid'], {
      CUSTOM9: 'Hardware token',
      'CUSTOM/securid': 'RSA SecurID',
    });
    expect(choices).toEqual([
      { code: 'CUSTOM9', base: 'CUSTOM9', label: 'Hardware token' },
      { code: 'CUSTOM/securid', base: 'CUSTOM', label: 'RSA SecurID' },
    ]);
  });
  it.each([
    ['Acme SSO - Internal', 'Acme SSO'],
    ['Acme SSO Internal', 'Acme SSO'],
    ['Acme SSO -Internal', 'Acme SSO'],
    ['Internal Portal', 'Internal Portal'],
    ['Acme SSO', 'Acme SSO'],
  ])('IDP label %s → %s', (raw, clean) => {
    expect(cleanIdpLabel(raw)).toBe(clean);
    expect(factorLabel(`IDP/${raw}`)).toBe(clean);
  });
  it('an IDP without a name gets the generic label', () => {
    expect(factorLabel('IDP')).toBe('Identity Provider');
  });
  it('replaces factor codes in inline messages', () => {
    expect(inlineFactorMessage('Use FIDO, SECURITYKEY or PASSKEY')).toBe(
      'Use biometrics, security key or passkey',
    );
    expect(inlineFactorMessage('FIDOX stays')).toBe('FIDOX stays');
  });
});

describe('related factor grouping', () => {
  it('groups FIDO with SECURITYKEY and PASSKEY, SMSOTP with EMAILOTP, MOBILEOTP with PUSH', () => {
    const groups = groupRelatedFactors(
      factorChoices([
        'PASSWORD',
        'SECURITYKEY',
        'SMSOTP',
        'PUSH',
        'FIDO',
        'EMAILOTP',
        'MOBILEOTP',
        'PASSKEY',
        'IVROTP',
      ]),
    );
    expect(groups.map((g) => g.members.map((m) => m.code))).toEqual([
      ['PASSWORD'],
      ['SECURITYKEY', 'FIDO', 'PASSKEY'],
      ['SMSOTP', 'EMAILOTP'],
      ['PUSH', 'MOBILEOTP'],
      ['IVROTP'],
    ]);
  });
  it('groups codes with suffixes by their base code', () => {
    const groups = groupRelatedFactors(factorChoices(['FIDO/a', 'PASSKEY/b']));
    expect(groups).toHaveLength(1);
  });
  it('leaves a factor without relatives alone', () => {
    expect(groupRelatedFactors(factorChoices(['SMSOTP'])).map((g) => g.members.length)).toEqual([1]);
  });
});
