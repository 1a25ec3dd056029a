import { describe, expect, it } from 'vitest';
import contributions from '../src/contributions';
import {
  baseFactorCode,
  cleanIdpLabel,
  factorChoices,
  factorLabel,
  groupRelatedFactors,
  type OfferedFactor,
} from '../src/factorSelection/factorChoices';
import { inlineFactorMessage } from '../src/factorSelection/inlineFactorMessage';

/** What the live page offers: this remote's factors and the sign-in remote's (remote-login). */
const offered: OfferedFactor[] = [
  ...(contributions.factors ?? []),
  { code: 'PASSWORD', label: 'Password' },
  { code: 'IDP', label: 'Identity Provider' },
];

const choices = (codes: string[], custom?: Record<string, string>) => factorChoices(codes, offered, custom);

describe('factor codes and labels come from the contributed factors', () => {
  it('takes the base code before a /suffix', () => {
    expect(baseFactorCode('FIDO/platform')).toBe('FIDO');
    expect(baseFactorCode('PASSWORD')).toBe('PASSWORD');
    expect(factorLabel('SMSOTP/primary', offered)).toBe('Text message (SMS)');
  });
  it('does not take labels from Object.prototype', () => {
    expect(choices(['constructor', 'toString'], {})).toEqual([]);
  });
  it('drops factors nobody contributes and nobody names', () => {
    expect(choices(['PASSWORD', 'WHATEVER', 'CUSTOM9', 'PUSH']).map((c) => c.code)).toEqual([
      'PASSWORD',
      'PUSH',
    ]);
  });
  it('offers a factor a new remote contributes, with its label, and none before it is live', () => {
    const hardware = { code: 'HARDWAREKEY', label: 'Hardware key' };
    expect(factorChoices(['HARDWAREKEY', 'SMSOTP'], offered).map((c) => c.label)).toEqual([
      'Text message (SMS)',
    ]);
    expect(factorChoices(['HARDWAREKEY', 'SMSOTP'], [...offered, hardware]).map((c) => c.label)).toEqual([
      'Hardware key',
      'Text message (SMS)',
    ]);
  });
  it('names custom factors from customFactorOptions, over a contributed label', () => {
    expect(
      choices(['CUSTOM9', 'CUSTOM/securid', 'SMSOTP'], {
        CUSTOM9: 'Hardware token',
        'CUSTOM/securid': 'RSA SecurID',
        SMSOTP: 'Text to my work phone',
      }),
    ).toEqual([
      { code: 'CUSTOM9', base: 'CUSTOM9', label: 'Hardware token', icon: 'shield' },
      {
        code: 'CUSTOM/securid',
        base: 'CUSTOM',
        label: 'RSA SecurID',
        icon: 'token',
        description: 'Enter your PIN and the code on your token.',
      },
      {
        code: 'SMSOTP',
        base: 'SMSOTP',
        label: 'Text to my work phone',
        group: 'otp',
        groupTitle: 'A code sent to you',
        icon: 'message',
        description: 'Get a code by text message.',
      },
    ]);
  });
  it("gives a card the contributed drawing, an identity provider's 'sso', else a shield", () => {
    expect(choices(['SMSOTP', 'IDP/corp', 'PASSWORD', 'RECOVERYCODE']).map((c) => c.icon)).toEqual([
      'message',
      'sso',
      'shield',
      'recovery',
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
    expect(factorLabel(`IDP/${raw}`, offered)).toBe(clean);
    expect(factorLabel('IDP', offered, { IDP: raw })).toBe(clean);
  });
  it('an IDP without a name gets the contributed label; with no remote offering IDP it is dropped', () => {
    expect(factorLabel('IDP', offered)).toBe('Identity Provider');
    const withoutIdp = offered.filter((factor) => factor.code !== 'IDP');
    expect(factorLabel('IDP', withoutIdp)).toBeNull();
    expect(factorLabel('IDP/corp', withoutIdp)).toBeNull();
  });
  it('replaces factor codes in inline messages', () => {
    expect(inlineFactorMessage('Use FIDO, SECURITYKEY or PASSKEY, not FIDOS')).toBe(
      'Use biometrics, security key or passkey, not FIDOS',
    );
  });
});

describe('related factors: one contributed group', () => {
  it('groups FIDO with SECURITYKEY and PASSKEY, SMSOTP with EMAILOTP, MOBILEOTP with PUSH', () => {
    const groups = groupRelatedFactors(
      choices([
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
    expect(groupRelatedFactors(choices(['FIDO/a', 'PASSKEY/b']))).toHaveLength(1);
  });
  it('leaves a factor without relatives alone', () => {
    expect(groupRelatedFactors(choices(['SMSOTP'])).map((g) => g.members.length)).toEqual([1]);
  });
  it("titles a group of related factors with its members' group title; a group of one has none", () => {
    const groups = groupRelatedFactors(choices(['FIDO', 'IVROTP', 'PASSKEY', 'SMSOTP']));
    expect(groups.map((g) => [g.title, g.members.map((m) => m.code)])).toEqual([
      ['This device or a security key', ['FIDO', 'PASSKEY']],
      [undefined, ['IVROTP']],
      [undefined, ['SMSOTP']],
    ]);
  });
  it('puts a new remote factor into the group it names', () => {
    const hardware = { code: 'HARDWAREKEY', label: 'Hardware key', group: 'otp' };
    const groups = groupRelatedFactors(
      factorChoices(['SMSOTP', 'PUSH', 'HARDWAREKEY'], [...offered, hardware]),
    );
    expect(groups.map((g) => g.members.map((m) => m.code))).toEqual([['SMSOTP', 'HARDWAREKEY'], ['PUSH']]);
  });
});
