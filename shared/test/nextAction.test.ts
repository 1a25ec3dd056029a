import { describe, expect, it } from 'vitest';
import type { AuthReply } from '../src/api/schemas';
import { isKnownNextAction, nextActionRoute } from '../src/flow/nextAction';
import { paths } from '../src/routes/paths';
import { AuthStatus } from '../src/session/authStatus';
import { testClaims } from './claims';

const claims = { claims: testClaims };

const reply = (fields: Partial<AuthReply>): AuthReply => ({ ...fields }) as AuthReply;
const SERVICE = 'http://localhost:8090/default/';

describe('nextActionRoute: claimed screens', () => {
  const rows: [string, string, Record<string, unknown>?][] = [
    ['PASSWORD_AUTH', paths.verify],
    ['FIDO_AUTH_GENERATE_CHALLENGE', paths.fido, { fidoCredType: 'FIDO', mode: 'login' }],
    ['FIDO_REGISTER_GENERATE_CHALLENGE', paths.fido, { fidoCredType: 'FIDO', mode: 'register' }],
    [
      'SECURITYKEY_AUTH_GENERATE_CHALLENGE',
      paths.securityKey,
      { fidoCredType: 'SECURITYKEY', mode: 'login' },
    ],
    [
      'SECURITYKEY_REGISTER_GENERATE_CHALLENGE',
      paths.securityKey,
      { fidoCredType: 'SECURITYKEY', mode: 'register' },
    ],
    ['PASSKEY_AUTH_GENERATE_CHALLENGE', paths.passkey, { fidoCredType: 'PASSKEY', mode: 'login' }],
    ['PASSKEY_REGISTER_GENERATE_CHALLENGE', paths.passkey, { fidoCredType: 'PASSKEY', mode: 'register' }],
    ['MOBILEOTP_REGISTER', paths.motp],
    ['MOBILEOTP_AUTH', paths.motp],
    ['PUSH_REGISTRATION_INITIATOR', paths.push],
    ['PUSH_REGISTRATION_STATUS', paths.push],
    ['PUSH_SELECTION', paths.push],
    ['FACTOR_SELECTION', paths.factorSelection],
    ['SMS_OTP_REGISTER', paths.sotp],
    ['SMS_OTP_SELECTION', paths.sotp],
    ['EMAIL_OTP_REGISTER', paths.eotp],
    ['EMAIL_OTP_SELECTION', paths.eotp],
    ['IVR_OTP_REGISTER', paths.votp],
    ['IVR_OTP_SELECTION', paths.votp],
    ['CHANGE_PASSWORD', paths.changePassword],
    ['IDP_AUTH', paths.idp],
  ];
  it.each(rows)('%s → %s', (action, path, extra) => {
    expect(nextActionRoute(reply({ nextaction: action }), claims)).toEqual({
      kind: 'screen',
      action,
      path,
      status: AuthStatus.Factor,
      ...(extra ? { ...extra, state: extra } : {}),
    });
  });

  it('passes skipFactorAutoRedirect on to the screen (restore last action)', () => {
    const result = nextActionRoute(
      reply({ nextaction: 'FACTOR_SELECTION', skipFactorAutoRedirect: true }),
      claims,
    );
    expect(result).toMatchObject({ kind: 'screen', skipFactorAutoRedirect: true });
  });
});

describe('nextActionRoute: *_OTP_AUTH stores the flow state and shows no new screen', () => {
  it.each(['SMS_OTP_AUTH', 'EMAIL_OTP_AUTH', 'IVR_OTP_AUTH'])('%s', (action) => {
    expect(nextActionRoute(reply({ nextaction: action, flowState: 'fs-2' }), claims)).toEqual({
      kind: 'stay',
      action,
      flowState: 'fs-2',
    });
  });
});

describe('nextActionRoute: CUSTOM_AUTH', () => {
  it('goes to securid when the custom flow id is securid', () => {
    const result = nextActionRoute(
      reply({ nextaction: 'CUSTOM_AUTH', additional: { customFlowId: 'securid' } }),
      claims,
    );
    expect(result).toMatchObject({ kind: 'screen', path: paths.securid, status: AuthStatus.Factor });
  });
  it.each([undefined, 'other'])('goes to denied for custom flow id %s', (customFlowId) => {
    const result = nextActionRoute(
      reply({ nextaction: 'CUSTOM_AUTH', additional: { customFlowId } }),
      claims,
    );
    expect(result).toEqual({
      kind: 'denied',
      action: 'CUSTOM_AUTH',
      path: paths.denied,
      status: AuthStatus.None,
    });
  });
});

describe('nextActionRoute: AUTH_DENIED, null, unknown', () => {
  it('AUTH_DENIED → status none and denied', () => {
    expect(nextActionRoute(reply({ nextaction: 'AUTH_DENIED' }), claims)).toEqual({
      kind: 'denied',
      action: 'AUTH_DENIED',
      path: paths.denied,
      status: AuthStatus.None,
    });
  });
  it("null → 'Server error, response is null' and the wildcard route", () => {
    expect(nextActionRoute(null)).toEqual({
      kind: 'error',
      action: null,
      path: paths.notFound,
      message: 'Server error, response is null',
    });
  });
  it.each(['SOMETHING_NEW', 'PUSH_AUTH', '', 'toString', 'constructor'])(
    '%s (claimed by nobody) → restart needed',
    (action) => {
      expect(nextActionRoute(reply({ nextaction: action }), claims)).toMatchObject({
        kind: 'restart',
        path: paths.restartRequired,
        status: AuthStatus.RestartNeeded,
      });
    },
  );
  it('a reply without nextaction → restart needed', () => {
    expect(nextActionRoute(reply({}))).toMatchObject({ kind: 'restart' });
  });
  it('without claims, only the built-in rules route: the rest needs a restart', () => {
    expect(nextActionRoute(reply({ nextaction: 'PASSWORD_AUTH' }))).toMatchObject({ kind: 'restart' });
    expect(nextActionRoute(reply({ nextaction: 'AUTH_DENIED' }))).toMatchObject({ kind: 'denied' });
  });
  it('a prefix claim routes every nextaction it covers; an exact claim beats it', () => {
    expect(nextActionRoute(reply({ nextaction: 'RECOVERY_CODE_AUTH' }), claims)).toMatchObject({
      kind: 'screen',
      path: '/recovery',
    });
    const exact = [...testClaims, { action: 'RECOVERY_CODE_AUTH', path: '/other', remote: 'remote_x' }];
    expect(nextActionRoute(reply({ nextaction: 'RECOVERY_CODE_AUTH' }), { claims: exact })).toMatchObject({
      path: '/other',
    });
  });
  it('a claim hands its screen state generically', () => {
    const withState = [{ action: 'NEW_AUTH', path: '/new', state: { step: 'two' }, remote: 'remote_x' }];
    expect(nextActionRoute(reply({ nextaction: 'NEW_AUTH' }), { claims: withState })).toEqual({
      kind: 'screen',
      action: 'NEW_AUTH',
      path: '/new',
      status: AuthStatus.Factor,
      state: { step: 'two' },
    });
  });
  it('isKnownNextAction: a built-in rule or a claim', () => {
    expect(isKnownNextAction('PASSWORD_AUTH', testClaims)).toBe(true);
    expect(isKnownNextAction('PASSWORD_AUTH', [])).toBe(false);
    expect(isKnownNextAction('RECOVERY_CODE_AUTH', testClaims)).toBe(true);
    expect(isKnownNextAction('AUTH_ALLOWED', [])).toBe(true);
    expect(isKnownNextAction('hasOwnProperty', testClaims)).toBe(false);
    expect(isKnownNextAction(null, testClaims)).toBe(false);
  });
});

describe('nextActionRoute: AUTH_ALLOWED', () => {
  const context = { allowedRedirectOrigins: [SERVICE] };
  it('authCompleteUrl on the service origin → redirect (applyNextAction adds the oauth2 query)', () => {
    const url = `${SERVICE}oauth2/v1/authcomplete?code=abc&state=xyz`;
    expect(nextActionRoute(reply({ nextaction: 'AUTH_ALLOWED', authCompleteUrl: url }), context)).toEqual({
      kind: 'redirect',
      action: 'AUTH_ALLOWED',
      url,
    });
  });
  it('a relative authCompleteUrl resolves against the service', () => {
    const result = nextActionRoute(
      reply({ nextaction: 'AUTH_ALLOWED', authCompleteUrl: '/default/oauth2/v1/authcomplete?a=1' }),
      context,
    );
    expect(result).toEqual({
      kind: 'redirect',
      action: 'AUTH_ALLOWED',
      url: 'http://localhost:8090/default/oauth2/v1/authcomplete?a=1',
    });
  });
  describe('a relative authCompleteUrl resolves against the service URL, tenant path included', () => {
    // As applyNextAction gives them: the service origin to allow, the service URL to resolve against.
    const withService = { allowedRedirectOrigins: ['http://localhost:8090'], serviceUrl: SERVICE };
    it.each([
      ['oauth2/v1/authcomplete', 'http://localhost:8090/default/oauth2/v1/authcomplete'],
      ['oauth2/v1/authcomplete?a=1&b=2', 'http://localhost:8090/default/oauth2/v1/authcomplete?a=1&b=2'],
      ['./oauth2/v1/authcomplete', 'http://localhost:8090/default/oauth2/v1/authcomplete'],
      ['  oauth2/v1/authcomplete ', 'http://localhost:8090/default/oauth2/v1/authcomplete'],
      // A path from the root is the origin's root, as in any link (RFC 3986).
      ['/other/oauth2/v1/authcomplete', 'http://localhost:8090/other/oauth2/v1/authcomplete'],
      ['../common/oauth2/v1/authcomplete', 'http://localhost:8090/common/oauth2/v1/authcomplete'],
      ['?a=1', 'http://localhost:8090/default/?a=1'],
    ])('%s → %s', (authCompleteUrl, url) => {
      expect(nextActionRoute(reply({ nextaction: 'AUTH_ALLOWED', authCompleteUrl }), withService)).toEqual({
        kind: 'redirect',
        action: 'AUTH_ALLOWED',
        url,
      });
    });
    it('a service URL without its trailing slash still names the tenant', () => {
      const context = {
        allowedRedirectOrigins: ['http://localhost:8090'],
        serviceUrl: 'http://localhost:8090/default',
      };
      expect(
        nextActionRoute(
          reply({ nextaction: 'AUTH_ALLOWED', authCompleteUrl: 'oauth2/v1/authcomplete' }),
          context,
        ),
      ).toMatchObject({ kind: 'redirect', url: 'http://localhost:8090/default/oauth2/v1/authcomplete' });
    });
    it.each([
      'javascript:alert(1)',
      '//evil.example/oauth2/v1/authcomplete',
      '\\\\evil.example/x',
      '/\\evil.example/x',
      'https://evil.example/default/oauth2/v1/authcomplete',
      'data:text/html,hi',
      'https:evil.example/x',
      'ftp://localhost:8090/default/x',
    ])('%s is still refused after resolving (restart needed)', (authCompleteUrl) => {
      expect(
        nextActionRoute(reply({ nextaction: 'AUTH_ALLOWED', authCompleteUrl }), withService),
      ).toMatchObject({
        kind: 'restart',
        status: AuthStatus.RestartNeeded,
      });
    });
  });
  it.each([
    'javascript:alert(1)',
    'https://evil.example/authcomplete',
    '//evil.example/x',
    'data:text/html,hi',
  ])('a hostile authCompleteUrl %s is refused (restart needed)', (authCompleteUrl) => {
    expect(nextActionRoute(reply({ nextaction: 'AUTH_ALLOWED', authCompleteUrl }), context)).toMatchObject({
      kind: 'restart',
      status: AuthStatus.RestartNeeded,
    });
  });
  it('without allowed origins an authCompleteUrl is never followed', () => {
    expect(
      nextActionRoute(reply({ nextaction: 'AUTH_ALLOWED', authCompleteUrl: `${SERVICE}x` })),
    ).toMatchObject({
      kind: 'restart',
    });
  });
  it('tokens → signed in, authenticated, welcome', () => {
    const result = nextActionRoute(
      reply({
        nextaction: 'AUTH_ALLOWED',
        access_token: 'at',
        refresh_token: 'rt',
        expires_in: 3600,
        id_token: 'id',
      }),
    );
    expect(result).toEqual({
      kind: 'signedIn',
      action: 'AUTH_ALLOWED',
      path: paths.welcome,
      status: AuthStatus.Authenticated,
      tokens: { access_token: 'at', refresh_token: 'rt', expires_in: 3600 },
    });
  });
  it('only an id_token → exchange it, then welcome', () => {
    expect(nextActionRoute(reply({ nextaction: 'AUTH_ALLOWED', id_token: 'id' }))).toEqual({
      kind: 'exchangeIdToken',
      action: 'AUTH_ALLOWED',
      idToken: 'id',
      path: paths.welcome,
      status: AuthStatus.Authenticated,
    });
  });
  it('neither url nor tokens → restart needed', () => {
    expect(nextActionRoute(reply({ nextaction: 'AUTH_ALLOWED' }))).toMatchObject({ kind: 'restart' });
  });
});
