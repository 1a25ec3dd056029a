import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { REFRESH_COOKIE_PREFIX } from '../src/tokens/custody/refreshCookie.js';
import { createFixtureDirs, type FixtureDirs, TEST_AUDIT_KEY, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { type RecordedRequest, startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const PROXY = '/common/portal/proxy/';
const TX = '3f8e2c1a-7b4d-4e5f-9a0b-1c2d3e4f5a6b';
const UA = 'Mozilla/5.0 (audit test)';
const USER = 'pat.password';
const PASSWORD = 'Passw0rd-never-logged';
const OTP = '493817';
const CRED_VALUE = '+15550100099';

/** The keyed hashes the README documents, computed here independently of the server's code. */
const keyOf = (domain: string, value: string) =>
  createHmac('sha256', TEST_AUDIT_KEY).update(`${domain}\u0000${value}`).digest('base64url');
const USER_KEY = keyOf('user', USER);

/** A JWT as the SSO issues them (the signature is not read for the trail). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES256' })}.${part(claims)}.c2lnbmF0dXJl`;
}
const USER_ACCESS = jwt({ sub: USER, kind: 'access' });
const USER_REFRESH = jwt({ sub: USER, kind: 'refresh' });

type Reply = { status?: number; body: unknown };
/** The stand-in SSO: one reply per `METHOD path` (path under the tenant base). */
function answer(sso: UpstreamStub, replies: Record<string, Reply>) {
  sso.handle((request: RecordedRequest, response: ServerResponse) => {
    const key = `${request.method} ${request.url.replace('/default/', '')}`;
    const reply = replies[key] ?? { status: 404, body: { errorCode: '0000404', errorMessage: 'Not found' } };
    response
      .writeHead(reply.status ?? 200, { 'content-type': 'application/json' })
      .end(JSON.stringify(reply.body));
  });
}

describe('audit trail', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;
  const logs = new LogCapture();
  const auditLines = () => logs.entries().filter((entry) => entry.audit === true);

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl }), { logStream: logs });
  });
  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });
  beforeEach(() => {
    logs.lines.length = 0;
  });

  /** A call the page makes through the proxy, with its transaction id and user agent. */
  const proxied = (method: InjectOptions['method'], path: string, body?: unknown, headers = {}) =>
    app.inject({
      method,
      url: `${PROXY}${path}`,
      headers: {
        'x-client-transaction-id': TX,
        'user-agent': UA,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  /** Every event carries these; none carries the user name or any secret. */
  function expectCommonFields(source: 'server' | 'browser' = 'server') {
    const lines = auditLines();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatchObject({
        audit: true,
        msg: 'audit',
        source,
        transactionId: TX,
        clientAddress: '127.0.0.1',
        userAgent: UA,
      });
      expect(Date.parse(String(line.at))).not.toBeNaN();
    }
    for (const secret of [USER, PASSWORD, OTP, CRED_VALUE, USER_ACCESS, USER_REFRESH, 'flow-1']) {
      expect(logs.text).not.toContain(secret);
    }
  }

  const startSignIn = async (subject = 'Pat.Password') => {
    answer(sso, {
      'POST auth/v1/authenticate': {
        body: { nextaction: 'PASSWORD_AUTH', flowState: 'flow-1', flowStateId: 'f1', userName: USER },
      },
    });
    await proxied('POST', 'auth/v1/authenticate', { channel: 'web', action: 'authenticate', subject });
  };

  it('signin.started: the authenticate call the SSO answers with the first step, keyed by the User ID', async () => {
    await startSignIn();
    expect(auditLines()).toEqual([
      expect.objectContaining({ event: 'signin.started', nextAction: 'PASSWORD_AUTH', userKey: USER_KEY }),
    ]);
    expectCommonFields();
  });

  it('signin.factor.passed: a factor call answered with the next step; the flow state names the user', async () => {
    await startSignIn();
    logs.lines.length = 0;
    answer(sso, {
      'POST factor/v1/PasswordAuthenticator': {
        body: { nextaction: 'SMS_OTP_SELECTION', flowState: 'flow-1' },
      },
    });
    await proxied(
      'POST',
      'factor/v1/PasswordAuthenticator',
      { password: PASSWORD },
      { 'x-flow-state': 'flow-1' },
    );
    expect(auditLines()).toEqual([
      expect.objectContaining({
        event: 'signin.factor.passed',
        factor: 'PASSWORD',
        nextAction: 'SMS_OTP_SELECTION',
        userKey: USER_KEY,
      }),
    ]);
    expectCommonFields();
  });

  it.each([
    [
      'a wrong password',
      'factor/v1/PasswordAuthenticator',
      'PASSWORD',
      { status: 401, body: { errorCode: '8800011', errorMessage: 'Invalid credentials' } },
      '8800011',
    ],
    [
      'a wrong code',
      'factor/v1/OTPVerifier',
      'OTP',
      { status: 401, body: { errorCode: '8800021', errorMessage: 'Invalid or expired security code' } },
      '8800021',
    ],
    [
      'a rejected push',
      'factor/v1/PushStatus',
      'PUSH',
      { body: { nextaction: 'PUSH_AUTH', flowState: 'flow-1', data: { status: 'REJECTED' } } },
      'REJECTED',
    ],
    [
      'a rejected passcode',
      'factor/v1/CustomAuthenticator',
      'CUSTOM',
      { body: { nextaction: 'CUSTOM_AUTH', flowState: 'flow-1', data: { status: 'Reject' } } },
      'Reject',
    ],
    [
      'a failed FIDO check',
      'factor/v1/FIDOAuthChallengeVerifier',
      'FIDO',
      { status: 400, body: { errorCode: '8800050', errorMessage: 'FIDO verification failed: signature' } },
      '8800050',
    ],
  ] as const)('signin.factor.failed: %s', async (_name, path, factor, reply, reason) => {
    await startSignIn();
    logs.lines.length = 0;
    answer(sso, { [`POST ${path}`]: reply });
    await proxied('POST', path, { password: PASSWORD, otp: OTP }, { 'x-flow-state': 'flow-1' });
    expect(auditLines()).toEqual([
      expect.objectContaining({ event: 'signin.factor.failed', factor, reason, userKey: USER_KEY }),
    ]);
    expectCommonFields();
  });

  it('a refused client token or a dead flow state is no factor outcome', async () => {
    for (const errorCode of ['0000005', '0000010']) {
      answer(sso, { 'POST factor/v1/OTPVerifier': { status: 401, body: { errorCode, errorMessage: 'x' } } });
      await proxied('POST', 'factor/v1/OTPVerifier', { otp: OTP }, { 'x-flow-state': 'flow-1' });
    }
    expect(auditLines()).toEqual([]);
  });

  it('signin.denied: AUTH_DENIED, and a User ID the SSO does not know', async () => {
    answer(sso, {
      'POST auth/v1/authenticate': {
        body: { nextaction: 'AUTH_DENIED', flowState: 'flow-2', userName: 'dan.denied' },
      },
    });
    await proxied('POST', 'auth/v1/authenticate', { subject: 'dan.denied' });
    answer(sso, {
      'POST auth/v1/authenticate': {
        status: 400,
        body: { errorCode: '8800004', errorMessage: 'User not found' },
      },
    });
    await proxied('POST', 'auth/v1/authenticate', { subject: 'nobody' });
    expect(auditLines()).toEqual([
      expect.objectContaining({ event: 'signin.started', userKey: keyOf('user', 'dan.denied') }),
      expect.objectContaining({
        event: 'signin.denied',
        nextAction: 'AUTH_DENIED',
        userKey: keyOf('user', 'dan.denied'),
      }),
      expect.objectContaining({
        event: 'signin.denied',
        reason: '8800004',
        userKey: keyOf('user', 'nobody'),
      }),
    ]);
    expectCommonFields();
    expect(logs.text).not.toContain('dan.denied');
    expect(logs.text).not.toContain('nobody');
  });

  it("signin.locked: the SSO's disabled-user answer (403 8800015)", async () => {
    answer(sso, {
      'POST auth/v1/authenticate': {
        status: 403,
        body: { errorCode: '8800015', errorMessage: 'The user is disabled' },
      },
    });
    await proxied('POST', 'auth/v1/authenticate', { subject: 'dora.disabled' });
    expect(auditLines()).toEqual([
      expect.objectContaining({
        event: 'signin.locked',
        reason: '8800015',
        userKey: keyOf('user', 'dora.disabled'),
      }),
    ]);
    expectCommonFields();
    expect(logs.text).not.toContain('dora.disabled');
  });

  it('signin.allowed: the last factor answered with AUTH_ALLOWED', async () => {
    await startSignIn();
    logs.lines.length = 0;
    answer(sso, {
      'POST factor/v1/OTPVerifier': {
        body: { nextaction: 'AUTH_ALLOWED', flowState: 'flow-1', id_token: jwt({ sub: USER, kind: 'id' }) },
      },
    });
    await proxied(
      'POST',
      'factor/v1/OTPVerifier',
      { credId: 'sms-1', otp: OTP },
      { 'x-flow-state': 'flow-1' },
    );
    expect(auditLines()).toEqual([
      expect.objectContaining({
        event: 'signin.factor.passed',
        factor: 'OTP',
        nextAction: 'AUTH_ALLOWED',
        userKey: USER_KEY,
      }),
      expect.objectContaining({ event: 'signin.allowed', nextAction: 'AUTH_ALLOWED', userKey: USER_KEY }),
    ]);
    expectCommonFields();
  });

  describe('token routes', () => {
    interface SignIn {
      cookie: { name: string; value: string };
      /** The handle the page holds and sends back in place of the refresh token. */
      handle: string;
    }
    /** The sign-in's id_token exchange: the refresh token goes into the sign-in's sealed cookie. */
    async function signedIn(): Promise<SignIn> {
      sso.handle((request, response) => {
        const form = new URLSearchParams(request.body);
        const json = (status: number, body: unknown) =>
          response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (request.url.endsWith('oauth2/v1/revoke')) return json(200, {});
        if (form.get('grant_type') === 'refresh_token') {
          return json(400, { error: 'invalid_grant', error_description: 'Refresh token reuse detected' });
        }
        return json(200, {
          access_token: USER_ACCESS,
          refresh_token: USER_REFRESH,
          token_type: 'Bearer',
          expires_in: 900,
        });
      });
      const response = await app.inject({
        method: 'POST',
        url: '/v1/token/generate/user_token',
        headers: { 'sec-fetch-site': 'same-origin' },
        payload: { assertion: 'id-token' },
      });
      const cookie = response.cookies.find((candidate) => candidate.name.startsWith(REFRESH_COOKIE_PREFIX));
      expect(cookie).toBeDefined();
      logs.lines.length = 0;
      return {
        cookie: { name: cookie?.name ?? '', value: cookie?.value ?? '' },
        handle: String(response.json().refresh_token),
      };
    }
    const tokenCall = (url: string, payload: object, signIn?: SignIn) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'x-client-transaction-id': TX, 'user-agent': UA, 'sec-fetch-site': 'same-origin' },
        payload,
        ...(signIn ? { cookies: { [signIn.cookie.name]: signIn.cookie.value } } : {}),
      });
    /** A handle of the right shape whose sign-in this browser has no cookie for. */
    const refreshBody = (handle = `rh1.${'A'.repeat(43)}`) => ({
      grant_type: 'refresh_token',
      refresh_token: handle,
      scope: 'openid email profile offline_access',
    });

    it("session.logout: the refresh cookie revoked, keyed by the sealed token's subject", async () => {
      const signIn = await signedIn();
      const response = await tokenCall('/v1/token/revoke', { token: signIn.handle }, signIn);
      expect(response.statusCode).toBe(200);
      expect(auditLines()).toEqual([expect.objectContaining({ event: 'session.logout', userKey: USER_KEY })]);
      expectCommonFields();
    });

    it('session.refresh-refused: no usable cookie, and a refresh token the SSO refuses', async () => {
      expect((await tokenCall('/v1/token/generate/refresh', refreshBody())).statusCode).toBe(401);
      const signIn = await signedIn();
      expect(
        (await tokenCall('/v1/token/generate/refresh', refreshBody(signIn.handle), signIn)).statusCode,
      ).toBe(400);
      expect(auditLines()).toEqual([
        expect.objectContaining({
          event: 'session.refresh-refused',
          reason: 'sso refused',
          userKey: USER_KEY,
        }),
      ]);
      expectCommonFields();
    });

    it('session.refresh-refused without a cookie names no user', async () => {
      expect((await tokenCall('/v1/token/generate/refresh', refreshBody())).statusCode).toBe(401);
      const [line] = auditLines();
      expect(line).toMatchObject({ event: 'session.refresh-refused', reason: 'no cookie' });
      expect(line).not.toHaveProperty('userKey');
      expectCommonFields();
    });
  });

  describe('credential changes (self-service through the proxy, user token)', () => {
    const asUser = { authorization: `Bearer ${USER_ACCESS}` };
    const CRED_KEY = keyOf('credential', 'sms-1');

    it('credential.added: a registration proved (data.status SUCCESS)', async () => {
      answer(sso, {
        'POST factor/v1/OTPVerifier': {
          body: {
            credId: 'sms-1',
            credType: 'sms',
            credValue: CRED_VALUE,
            default: true,
            data: { status: 'SUCCESS' },
          },
        },
      });
      await proxied('POST', 'factor/v1/OTPVerifier', { credId: 'sms-1', otp: OTP }, asUser);
      expect(auditLines()).toEqual([
        expect.objectContaining({
          event: 'credential.added',
          credentialType: 'sms',
          credentialKey: CRED_KEY,
          userKey: USER_KEY,
        }),
      ]);
      expectCommonFields();
      expect(logs.text).not.toContain('sms-1');
    });

    it('credential.removed', async () => {
      answer(sso, {
        'DELETE factor/v1/MeCreds/sms-1': { body: { credId: 'sms-1', data: { status: 'SUCCESS' } } },
      });
      await proxied('DELETE', 'factor/v1/MeCreds/sms-1', undefined, asUser);
      expect(auditLines()).toEqual([
        expect.objectContaining({ event: 'credential.removed', credentialKey: CRED_KEY, userKey: USER_KEY }),
      ]);
      expectCommonFields();
    });

    it('credential.deactivated and credential.activated: only a PUT that changes the status listed before', async () => {
      const credential = (status: string, isDefault: boolean) => ({
        credId: 'sms-1',
        credType: 'sms',
        credValue: CRED_VALUE,
        status,
        default: isDefault,
      });
      answer(sso, { 'GET factor/v1/MeCreds': { body: { credentials: [credential('ACTIVE', false)] } } });
      await proxied('GET', 'factor/v1/MeCreds', undefined, asUser);
      const put = async (status: string, isDefault: boolean) => {
        answer(sso, { 'PUT factor/v1/MeCreds/sms-1': { body: credential(status, isDefault) } });
        await proxied('PUT', 'factor/v1/MeCreds/sms-1', { default: isDefault, status }, asUser);
      };
      await put('ACTIVE', true); // made the default: no status change
      await put('INACTIVE', true);
      await put('INACTIVE', false); // default cleared: no status change
      await put('ACTIVE', false);
      expect(auditLines()).toEqual([
        expect.objectContaining({
          event: 'credential.deactivated',
          credentialType: 'sms',
          credentialKey: CRED_KEY,
          userKey: USER_KEY,
        }),
        expect.objectContaining({
          event: 'credential.activated',
          credentialType: 'sms',
          credentialKey: CRED_KEY,
          userKey: USER_KEY,
        }),
      ]);
      expectCommonFields();
    });
  });

  describe('POST /v1/audit/events (what only the page knows)', () => {
    const sameOrigin = { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' };
    const report = (payload: unknown, headers: Record<string, string> = sameOrigin, server = app) =>
      server.inject({
        method: 'POST',
        url: '/v1/audit/events',
        headers: {
          'x-client-transaction-id': TX,
          'user-agent': UA,
          'content-type': 'application/json',
          ...headers,
        },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });

    it('session.idle-logout: logged as browser-reported, the User ID turned into its key', async () => {
      const response = await report({ event: 'session.idle-logout', userName: 'Pat.Password' });
      expect(response.statusCode).toBe(204);
      expect(auditLines()).toEqual([
        expect.objectContaining({ event: 'session.idle-logout', userKey: USER_KEY }),
      ]);
      expectCommonFields('browser');
    });

    it.each([
      ['an event kind the page may not report', { event: 'signin.allowed' }],
      ['a field the schema does not have', { event: 'session.idle-logout', password: PASSWORD }],
      ['an over-long user name', { event: 'session.idle-logout', userName: 'x'.repeat(257) }],
      ['no event', {}],
    ])('refuses %s with 400 and logs no event', async (_name, payload) => {
      const response = await report(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'PORTAL_INVALID_REQUEST' });
      expect(auditLines()).toEqual([]);
      expect(logs.text).not.toContain(PASSWORD);
    });

    it('refuses a body over 1 KB with 413', async () => {
      const response = await report({ event: 'session.idle-logout', userName: 'x'.repeat(1100) });
      expect(response.statusCode).toBe(413);
      expect(auditLines()).toEqual([]);
    });

    it.each([
      ['a foreign Origin', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
      ['neither Origin nor Sec-Fetch-Site (no browser page)', {}],
    ])('refuses %s with 403', async (_name, headers) => {
      const response = await report({ event: 'session.idle-logout' }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: 'PORTAL_CROSS_SITE' });
      expect(auditLines()).toEqual([]);
    });

    it('limits reports per client address (429)', async () => {
      const limited = await buildServer(testConfig(dirs, { auditEventRateLimit: 2 }), { logStream: logs });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          statuses.push((await report({ event: 'session.idle-logout' }, sameOrigin, limited)).statusCode);
        }
        expect(statuses).toEqual([204, 204, 429]);
        expect(auditLines()).toHaveLength(2);
      } finally {
        await limited.close();
      }
    });
  });

  it('writes the trail at LOG_LEVEL=warn too (only silent silences it)', async () => {
    const quiet = await buildServer(testConfig(dirs, { logLevel: 'warn' }), { logStream: logs });
    try {
      await quiet.inject({
        method: 'POST',
        url: '/v1/audit/events',
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        payload: { event: 'session.idle-logout' },
      });
      expect(auditLines()).toEqual([expect.objectContaining({ event: 'session.idle-logout', level: 30 })]);
    } finally {
      await quiet.close();
    }
  });
});
