import { describe, expect, it } from 'vitest';
import { mergeContributions, patternsOverlap } from '../src/merge.js';
import { type Contributions, MergedContributionsSchema, parseContributions } from '../src/schema.js';
import * as v from 'valibot';

const contributions = (partial: Partial<Contributions>): Contributions => ({
  version: 1,
  routes: [],
  nextActions: [],
  factors: [],
  links: [],
  calls: [],
  ...partial,
});

const otp = contributions({
  routes: [{ path: '/sotp', guard: 'C', expose: './Otp', title: 'Text message' }],
  nextActions: [
    { action: 'SMS_OTP_SELECTION', path: '/sotp' },
    { action: 'SMS_OTP_AUTH', stay: true },
    { action: 'CUSTOM_AUTH', when: { additional: 'customFlowId', equals: 'securid' }, path: '/securid' },
  ],
  factors: [{ code: 'SMSOTP', label: 'Text message', group: 'otp' }],
});

describe('parseContributions', () => {
  it('takes a remote file with the optional lists left out', () => {
    const parsed = parseContributions({
      version: 1,
      routes: [{ path: '/help', guard: 'none', expose: './Help', title: 'Help' }],
    });
    expect(parsed).toEqual({
      ok: true,
      value: contributions({ routes: [{ path: '/help', guard: 'none', expose: './Help', title: 'Help' }] }),
    });
  });

  it.each([
    ['a path with a query', { path: '/sotp?x=1', guard: 'C', expose: './Otp', title: 'T' }],
    ['a relative path', { path: 'sotp', guard: 'C', expose: './Otp', title: 'T' }],
    ['an unknown guard', { path: '/sotp', guard: 'D', expose: './Otp', title: 'T' }],
    ['an expose without ./', { path: '/sotp', guard: 'C', expose: 'Otp', title: 'T' }],
    ['an unknown field', { path: '/sotp', guard: 'C', expose: './Otp', title: 'T', component: 'x' }],
  ])('refuses %s', (_name, route) => {
    const parsed = parseContributions({ version: 1, routes: [route] });
    expect(parsed.ok).toBe(false);
  });

  it('takes SSO calls under factor/v1 and auth/v1 only', () => {
    const route = { path: '/x', guard: 'none', expose: './X', title: 'X' };
    const ok = parseContributions({
      version: 1,
      routes: [route],
      calls: [{ method: 'POST', path: 'factor/v1/RecoveryCodeAuthenticator' }],
    });
    expect(ok.ok).toBe(true);
    for (const path of ['oauth2/v1/token', 'factor/v1/../admin', 'factor/v1/a/b', '/factor/v1/X']) {
      expect(parseContributions({ version: 1, routes: [route], calls: [{ method: 'POST', path }] }).ok).toBe(
        false,
      );
    }
  });

  it('reads whether a call tries a secret: false unless the remote says so, a boolean only', () => {
    const route = { path: '/x', guard: 'none', expose: './X', title: 'X' };
    const callsOf = (call: Record<string, unknown>) => {
      const parsed = parseContributions({ version: 1, routes: [route], calls: [call] });
      return parsed.ok ? parsed.value.calls : undefined;
    };
    const path = 'factor/v1/RecoveryCodeAuthenticator';
    expect(callsOf({ method: 'POST', path })).toEqual([{ method: 'POST', path, triesSecret: false }]);
    expect(callsOf({ method: 'POST', path, triesSecret: true })).toEqual([
      { method: 'POST', path, triesSecret: true },
    ]);
    expect(callsOf({ method: 'POST', path, triesSecret: 'yes' })).toBeUndefined();
  });

  it('refuses another version', () => {
    expect(parseContributions({ version: 2, routes: [] }).ok).toBe(false);
  });
});

describe('mergeContributions', () => {
  it('keeps every claim with its remote, in order', () => {
    const { merged, refused } = mergeContributions([
      { remote: 'remote_factors', contributions: otp },
      {
        remote: 'remote_help',
        contributions: contributions({
          routes: [{ path: '/help', guard: 'none', expose: './Help', title: 'Help' }],
          links: [{ slot: 'footer', path: '/help', label: 'Login Assistance', order: 50 }],
        }),
      },
    ]);
    expect(refused).toEqual([]);
    expect(merged.routes.map((route) => [route.path, route.remote])).toEqual([
      ['/sotp', 'remote_factors'],
      ['/help', 'remote_help'],
    ]);
    expect(merged.links[0]?.remote).toBe('remote_help');
    expect(v.safeParse(MergedContributionsSchema, merged).success).toBe(true);
  });

  it('leaves out, whole, a second remote claiming a path, naming both', () => {
    const { merged, refused } = mergeContributions([
      { remote: 'remote_factors', contributions: otp },
      {
        remote: 'remote_rogue',
        contributions: contributions({
          routes: [
            { path: '/fresh', guard: 'none', expose: './Fresh', title: 'Fresh' },
            { path: '/sotp', guard: 'C', expose: './Sms', title: 'SMS' },
          ],
        }),
      },
    ]);
    expect(refused).toEqual([
      {
        remote: 'remote_rogue',
        claimedBy: 'remote_factors',
        message: 'remote_rogue claims the path /sotp, which remote_factors already claims',
      },
    ]);
    expect(merged.routes.map((route) => route.path)).toEqual(['/sotp']);
  });

  it('refuses overlapping next actions and factor codes, and a remote claiming a path twice', () => {
    const rogue = contributions({
      nextActions: [{ action: 'SMS_OTP_*', path: '/other' }],
      factors: [{ code: 'SMSOTP', label: 'SMS' }],
    });
    const twice = contributions({
      routes: [
        { path: '/x', guard: 'none', expose: './X', title: 'X' },
        { path: '/x', guard: 'none', expose: './Y', title: 'Y' },
      ],
    });
    const { refused } = mergeContributions([
      { remote: 'remote_factors', contributions: otp },
      { remote: 'remote_rogue', contributions: rogue },
      { remote: 'remote_twice', contributions: twice },
    ]);
    expect(refused.map((refusal) => refusal.message)).toEqual([
      'remote_rogue claims the next action SMS_OTP_*, which remote_factors already claims',
      'remote_rogue claims the factor SMSOTP, which remote_factors already claims',
      'remote_twice claims the path /x twice',
    ]);
  });

  it('lets a conditional claim and a plain one of the same action live side by side', () => {
    const { refused } = mergeContributions([
      { remote: 'remote_factors', contributions: otp },
      {
        remote: 'remote_login',
        contributions: contributions({ nextActions: [{ action: 'CUSTOM_AUTH', path: '/custom' }] }),
      },
    ]);
    expect(refused).toEqual([]);
  });
});

describe('patternsOverlap', () => {
  it.each([
    ['A_B', 'A_B', true],
    ['A_B', 'A_C', false],
    ['A_*', 'A_B', true],
    ['A_B', 'A_*', true],
    ['A_*', 'A_B_*', true],
    ['A_*', 'B_*', false],
  ])('%s and %s: %s', (a, b, overlap) => {
    expect(patternsOverlap(a, b)).toBe(overlap);
  });
});
