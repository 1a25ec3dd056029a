import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditTrail } from '../src/audit/auditTrail.js';
import {
  AUDIT_EVENTS_PER_SESSION,
  IDLE_LOGOUT_GRACE_SECONDS,
  registerBrowserEventsRoute,
} from '../src/audit/browserEventsRoute.js';
import { Pseudonymizer } from '../src/audit/pseudonymizer.js';
import { MemoryRateLimitStore } from '../src/rateLimit/rateLimitStore.js';
import { buildServer } from '../src/server.js';
import {
  REFRESH_COOKIES_PER_BROWSER,
  REFRESH_IDLE_SECONDS,
  RefreshTokenCustody,
} from '../src/tokens/custody/refreshTokenCustody.js';
import { sealingKey } from '../src/tokens/custody/sealingKeys.js';
import { TokenSealer } from '../src/tokens/custody/tokenSealer.js';
import { REFRESH_COOKIE_PREFIX } from '../src/tokens/custody/refreshCookie.js';
import {
  createFixtureDirs,
  type FixtureDirs,
  TEST_AUDIT_KEY,
  TEST_SEALING_KEY,
  testConfig,
} from './helpers/fixtures.js';
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
    interface PageSession {
      handle: string;
      cookie: { name: string; value: string };
    }
    /** A sign-in through the token route, as `subject`: the page's handle and the browser's sealed cookie. */
    async function signedInAs(subject: string, server = app): Promise<PageSession> {
      sso.handle((request, response) => {
        const json = (status: number, body: unknown) =>
          response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (request.url.endsWith('oauth2/v1/revoke')) return json(200, {});
        return json(200, {
          access_token: jwt({ sub: subject, kind: 'access' }),
          refresh_token: jwt({ sub: subject, kind: 'refresh' }),
          token_type: 'Bearer',
          expires_in: 900,
        });
      });
      const response = await server.inject({
        method: 'POST',
        url: '/v1/token/generate/user_token',
        headers: sameOrigin,
        payload: { assertion: jwt({ sub: subject }) },
      });
      const cookie = response.cookies.find((candidate) => candidate.name.startsWith(REFRESH_COOKIE_PREFIX));
      expect(cookie).toBeDefined();
      logs.lines.length = 0;
      return {
        handle: String(response.json().refresh_token),
        cookie: { name: cookie?.name ?? '', value: cookie?.value ?? '' },
      };
    }
    const report = (
      payload: unknown,
      session?: PageSession,
      {
        headers = sameOrigin,
        server = app,
        remoteAddress = '127.0.0.1',
      }: { headers?: Record<string, string>; server?: FastifyInstance; remoteAddress?: string } = {},
    ) =>
      server.inject({
        method: 'POST',
        url: '/v1/audit/events',
        remoteAddress,
        headers: {
          'x-client-transaction-id': TX,
          'user-agent': UA,
          'content-type': 'application/json',
          ...headers,
        },
        ...(session ? { cookies: { [session.cookie.name]: session.cookie.value } } : {}),
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const idleLogout = (session: PageSession) => ({
      event: 'session.idle-logout',
      refresh_token: session.handle,
    });
    const refusedLines = () =>
      logs.entries().filter((entry) => entry.msg === 'audit event refused: no signed-in session');

    it('session.idle-logout of a signed-in page: browser-reported, keyed by the user sealed in its cookie', async () => {
      const session = await signedInAs('Pat.Password');
      const response = await report(idleLogout(session), session);
      expect(response.statusCode).toBe(204);
      expect(auditLines()).toEqual([
        expect.objectContaining({ event: 'session.idle-logout', source: 'browser', userKey: USER_KEY }),
      ]);
      expectCommonFields('browser');
    });

    it("lines up with the same sign-in's logout, also when the logout's revoke reaches the server first", async () => {
      const session = await signedInAs(USER);
      // The page sends the report, then logout revokes: the revoke may be answered first. The
      // report still carries the cookie the browser had when it was sent.
      const revoked = await app.inject({
        method: 'POST',
        url: '/v1/token/revoke',
        headers: sameOrigin,
        cookies: { [session.cookie.name]: session.cookie.value },
        payload: { token: session.handle },
      });
      expect(revoked.statusCode).toBe(200);
      expect((await report(idleLogout(session), session)).statusCode).toBe(204);
      const [logout, idle] = auditLines();
      expect(logout).toMatchObject({ event: 'session.logout', userKey: USER_KEY });
      expect(idle).toMatchObject({ event: 'session.idle-logout', userKey: USER_KEY });
    });

    it.each<[string, (own: PageSession, other: PageSession) => [unknown, PageSession | undefined]]>([
      [
        'no handle, no cookie (a script that only set Origin)',
        () => [{ event: 'session.idle-logout' }, undefined],
      ],
      ['no handle, with the browser’s cookie', (own) => [{ event: 'session.idle-logout' }, own]],
      ['a handle and no cookie', (own) => [idleLogout(own), undefined]],
      [
        'a made-up handle',
        (own) => [{ event: 'session.idle-logout', refresh_token: `rh1.${'A'.repeat(43)}` }, own],
      ],
      [
        'a word instead of a handle',
        (own) => [{ event: 'session.idle-logout', refresh_token: 'cookie' }, own],
      ],
      [
        'a real handle with its cookie tampered with',
        (own) => {
          const value = own.cookie.value;
          const at = value.length - 5;
          const tampered = `${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
          return [idleLogout(own), { ...own, cookie: { ...own.cookie, value: tampered } }];
        },
      ],
      [
        "a real handle with another sign-in's cookie under its name",
        (own, other) => [idleLogout(own), { ...own, cookie: { ...own.cookie, value: other.cookie.value } }],
      ],
      [
        "another sign-in's handle with this browser's cookie",
        (own, other) => [
          idleLogout(other),
          { ...other, cookie: { ...other.cookie, value: own.cookie.value } },
        ],
      ],
    ])('refuses an event with %s: 401, nothing in the trail', async (_name, forge) => {
      const other = await signedInAs('someone.else');
      const own = await signedInAs(USER);
      const [payload, session] = forge(own, other);
      const response = await report(payload, session);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errorCode: 'PORTAL_NO_SESSION', errorMessage: expect.any(String) });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(auditLines()).toEqual([]);
      expect(refusedLines()).toEqual([expect.objectContaining({ level: 40, event: 'session.idle-logout' })]);
    });

    it("refuses a user name in the body (400): the user is the seal's, never the page's word", async () => {
      const session = await signedInAs(USER);
      const response = await report({ ...idleLogout(session), userName: 'someone.else' }, session);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'PORTAL_INVALID_REQUEST' });
      expect(auditLines()).toEqual([]);
      expect(logs.text).not.toContain(keyOf('user', 'someone.else'));
    });

    it('refuses a cookie sealed with a key this server does not hold (401)', async () => {
      const elsewhere = await buildServer(
        testConfig(dirs, { ssoBaseUrl: sso.baseUrl, tokenSealingKeys: [sealingKey(Buffer.alloc(32, 9))] }),
        { logStream: new LogCapture() },
      );
      try {
        const foreign = await signedInAs(USER, elsewhere);
        expect((await report(idleLogout(foreign), foreign)).statusCode).toBe(401);
        expect(auditLines()).toEqual([]);
      } finally {
        await elsewhere.close();
      }
    });

    it.each([
      ['an event kind the page may not report', { event: 'signin.allowed' }],
      ['a field the schema does not have', { event: 'session.idle-logout', password: PASSWORD }],
      ['an over-long handle', { event: 'session.idle-logout', refresh_token: 'x'.repeat(129) }],
      ['no event', {}],
    ])('refuses %s with 400 and logs no event', async (_name, payload) => {
      const session = await signedInAs(USER);
      const response = await report(payload, session);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'PORTAL_INVALID_REQUEST' });
      expect(auditLines()).toEqual([]);
      expect(logs.text).not.toContain(PASSWORD);
    });

    it('refuses a body over 1 KB with 413', async () => {
      const session = await signedInAs(USER);
      const response = await report({ ...idleLogout(session), pad: 'x'.repeat(1100) }, session);
      expect(response.statusCode).toBe(413);
      expect(auditLines()).toEqual([]);
    });

    it.each([
      ['a foreign Origin', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
      ['neither Origin nor Sec-Fetch-Site (no browser page)', {}],
    ])('refuses %s with 403', async (_name, headers) => {
      const session = await signedInAs(USER);
      const response = await report(idleLogout(session), session, { headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: 'PORTAL_CROSS_SITE' });
      expect(auditLines()).toEqual([]);
    });

    it('limits reports per client address (429)', async () => {
      const limited = await buildServer(testConfig(dirs, { auditEventRateLimit: 2 }), { logStream: logs });
      try {
        // Three sign-ins (the cookies open on any server with the same keys): the address is counted.
        const sessions = [await signedInAs(USER), await signedInAs(USER), await signedInAs(USER)];
        const statuses: number[] = [];
        for (const session of sessions) {
          statuses.push((await report(idleLogout(session), session, { server: limited })).statusCode);
        }
        expect(statuses).toEqual([204, 204, 429]);
        expect(auditLines()).toHaveLength(2);
      } finally {
        await limited.close();
      }
    });

    it(`limits reports per sign-in (${AUDIT_EVENTS_PER_SESSION} a window), from any address (429)`, async () => {
      const session = await signedInAs(USER);
      const statuses: number[] = [];
      for (let n = 0; n <= AUDIT_EVENTS_PER_SESSION; n += 1) {
        statuses.push(
          (await report(idleLogout(session), session, { remoteAddress: `10.9.0.${n + 1}` })).statusCode,
        );
      }
      expect(statuses).toEqual([...Array<number>(AUDIT_EVENTS_PER_SESSION).fill(204), 429]);
      expect(auditLines()).toHaveLength(AUDIT_EVENTS_PER_SESSION);
      // Another sign-in from the last address is not held back by it.
      const other = await signedInAs(USER);
      const next = await report(idleLogout(other), other, {
        remoteAddress: `10.9.0.${AUDIT_EVENTS_PER_SESSION + 1}`,
      });
      expect(next.statusCode).toBe(204);
    });

    it('writes the trail at LOG_LEVEL=warn too (only silent silences it)', async () => {
      const quiet = await buildServer(testConfig(dirs, { logLevel: 'warn' }), { logStream: logs });
      try {
        const session = await signedInAs(USER);
        await report(idleLogout(session), session, { server: quiet });
        expect(auditLines()).toEqual([expect.objectContaining({ event: 'session.idle-logout', level: 30 })]);
      } finally {
        await quiet.close();
      }
    });
  });
});

/**
 * The page's idle logout comes 10 minutes after the user's last activity; the page refreshes while
 * idle (at most 9 minutes after its last tokens), but a late timer can let the cookie pass the
 * custody's 10 idle minutes. The events route (alone, with the custody on a clock) takes it for
 * IDLE_LOGOUT_GRACE_SECONDS more, never past the sign-in's absolute lifetime; a refresh gets no grace.
 */
describe('the idle logout on a clock: a short grace past the idle limit, none past the lifetime', () => {
  const MAX_AGE = 3600;
  let now = 1_800_000_000_000;
  let app: FastifyInstance;
  const logs = new LogCapture();
  const auditLines = () => logs.entries().filter((entry) => entry.audit === true);

  beforeAll(async () => {
    const custody = new RefreshTokenCustody(
      new TokenSealer({ keys: [TEST_SEALING_KEY], purpose: REFRESH_COOKIE_PREFIX }),
      { maxAgeSeconds: MAX_AGE, idleSeconds: REFRESH_IDLE_SECONDS, maxCookies: REFRESH_COOKIES_PER_BROWSER },
      () => now,
    );
    app = Fastify({ logger: { stream: logs } });
    app.post<{ Body: { user: string } }>('/sign-in', async (request, reply) => {
      const refresh = jwt({ sub: request.body.user, kind: 'refresh' });
      return { handle: custody.begin(request, reply, refresh, { user: request.body.user }).handle };
    });
    app.post<{ Body: { handle: string } }>('/refresh', async (request, reply) => {
      const held = custody.held(request, request.body.handle);
      if (!held.ok) return reply.code(401).send({ reason: held.reason });
      custody.renew(reply, held, held.token);
      return {};
    });
    await registerBrowserEventsRoute(app, {
      trail: new AuditTrail(app.log, new Pseudonymizer(TEST_AUDIT_KEY)),
      custody,
      publicOrigin: () => 'http://localhost:8080',
      rateLimit: {
        store: new MemoryRateLimitStore(),
        rule: { name: 'audit', limit: 1000, windowMs: 60_000 },
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  async function signIn() {
    const response = await app.inject({ method: 'POST', url: '/sign-in', payload: { user: USER } });
    const jar = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
    return { handle: String(response.json().handle), jar };
  }
  const report = (session: { handle: string; jar: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url: '/v1/audit/events',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      cookies: session.jar,
      payload: { event: 'session.idle-logout', refresh_token: session.handle },
    });
  const refresh = (session: { handle: string; jar: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url: '/refresh',
      payload: { handle: session.handle },
      cookies: session.jar,
    });

  it(`takes the idle logout up to ${IDLE_LOGOUT_GRACE_SECONDS} s past the idle limit (a refresh is refused by then)`, async () => {
    const session = await signIn();
    now += (REFRESH_IDLE_SECONDS + IDLE_LOGOUT_GRACE_SECONDS) * 1000;
    expect((await refresh(session)).statusCode).toBe(401);
    logs.lines.length = 0;
    expect((await report(session)).statusCode).toBe(204);
    expect(auditLines()).toEqual([
      expect.objectContaining({ event: 'session.idle-logout', userKey: USER_KEY }),
    ]);
  });

  it('refuses it one second later', async () => {
    const session = await signIn();
    now += (REFRESH_IDLE_SECONDS + IDLE_LOGOUT_GRACE_SECONDS + 1) * 1000;
    logs.lines.length = 0;
    expect((await report(session)).statusCode).toBe(401);
    expect(auditLines()).toEqual([]);
  });

  it('never past the absolute lifetime, however recently the sign-in refreshed', async () => {
    const session = await signIn();
    let jar = session.jar;
    // Refreshed every 9 minutes until just past the lifetime: never idle, but too old.
    for (let elapsed = 0; elapsed <= MAX_AGE; elapsed += 540) {
      now += 540 * 1000;
      const refreshed = await refresh({ ...session, jar });
      if (refreshed.statusCode !== 200) break;
      jar = Object.fromEntries(refreshed.cookies.map((cookie) => [cookie.name, cookie.value]));
    }
    logs.lines.length = 0;
    expect((await report({ ...session, jar })).statusCode).toBe(401);
    expect(auditLines()).toEqual([]);
  });
});
