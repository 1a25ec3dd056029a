import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trustedDeviceCookieName } from '../src/proxy/trustedDeviceCookie.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const USER = 'tom.trusted';
const COOKIE = trustedDeviceCookieName(USER);
const DEVICE_ID = 'device-id-0123456789abcdef';
const AUTHENTICATE = '/common/portal/proxy/auth/v1/authenticate';
const OTP_VERIFY = '/common/portal/proxy/factor/v1/OTPVerifier';

const trustedBlock = {
  isTrustedDeviceEnabled: true,
  trustedDeviceId: DEVICE_ID,
  trustedDeviceExpiryDays: 30,
};
const untrustedBlock = { isTrustedDeviceEnabled: false, trustedDeviceId: '', trustedDeviceExpiryDays: 30 };

describe('the trusted-device id through the proxy (the service URL is the proxy)', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    app = await buildServer(
      testConfig(dirs, { ssoBaseUrl: sso.baseUrl, serviceUrl: 'http://localhost:8080/common/portal/proxy/' }),
      { logStream: { write: () => {} } },
    );
  });

  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  beforeEach(() => {
    sso.requests.length = 0;
  });

  const answer = (body: object) =>
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });

  const post = (url: string, payload: object, cookie?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });

  it('an AUTH_ALLOWED reply that trusts the device sets the HttpOnly cookie and the page never sees the id', async () => {
    answer({ nextaction: 'AUTH_ALLOWED', userName: USER, additional: trustedBlock });
    const response = await post(OTP_VERIFY, { otp: '123456' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(DEVICE_ID);
    expect(response.json()).toEqual({
      nextaction: 'AUTH_ALLOWED',
      userName: USER,
      additional: { isTrustedDeviceEnabled: true, trustedDeviceExpiryDays: 30 },
    });
    const cookies = response.cookies.filter((cookie) => cookie.name === COOKIE);
    expect(cookies).toHaveLength(1);
    expect(COOKIE).toMatch(/^__Host-tdi-[A-Za-z0-9_-]{22}$/);
    expect(COOKIE).not.toContain(USER);
    expect(cookies[0]).toMatchObject({
      value: DEVICE_ID,
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 30 * 86_400,
    });
  });

  it('a trusting reply before AUTH_ALLOWED sets nothing, but still hides the id', async () => {
    answer({ nextaction: 'PASSWORD_AUTH', userName: USER, additional: trustedBlock });
    const response = await post(AUTHENTICATE, { subject: USER, rememberMe: true });
    expect(response.body).not.toContain(DEVICE_ID);
    expect(response.cookies).toEqual([]);
  });

  it("the authenticate call carries this browser's id for its subject, in the same body field the page used", async () => {
    answer({ nextaction: 'PASSWORD_AUTH', userName: USER, additional: trustedBlock });
    const response = await post(
      AUTHENTICATE,
      { channel: 'web', subject: USER, rememberMe: true },
      `${COOKIE}=${DEVICE_ID}; other=1`,
    );
    expect(response.statusCode).toBe(200);
    await sso.settled();
    const sent = JSON.parse(sso.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;
    expect(sent).toEqual({ channel: 'web', subject: USER, rememberMe: true, trustedDeviceID: DEVICE_ID });
    expect(sso.requests.at(-1)?.headers['content-length']).toBe(
      String(Buffer.byteLength(JSON.stringify(sent))),
    );
  });

  it("another user's cookie is not sent, and without a cookie the body goes on as the page wrote it", async () => {
    answer({ nextaction: 'PASSWORD_AUTH', userName: 'pat.password' });
    await post(AUTHENTICATE, { subject: 'pat.password', rememberMe: true }, `${COOKIE}=${DEVICE_ID}`);
    await sso.settled();
    expect(JSON.parse(sso.requests.at(-1)?.body ?? '{}')).toEqual({
      subject: 'pat.password',
      rememberMe: true,
    });
  });

  it('a reply saying the device is not trusted removes the cookie (named by the authenticate subject)', async () => {
    answer({ nextaction: 'PASSWORD_AUTH', additional: untrustedBlock });
    const response = await post(AUTHENTICATE, { subject: USER, rememberMe: false }, `${COOKIE}=${DEVICE_ID}`);
    const cookies = response.cookies.filter((cookie) => cookie.name === COOKIE);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ value: '', maxAge: 0, httpOnly: true, path: '/' });
  });

  it('a reply silent on the device leaves the cookie alone', async () => {
    answer({ nextaction: 'SMS_OTP_AUTH', userName: USER });
    const response = await post(OTP_VERIFY, { otp: '1' }, `${COOKIE}=${DEVICE_ID}`);
    expect(response.cookies).toEqual([]);
    expect(response.json()).toEqual({ nextaction: 'SMS_OTP_AUTH', userName: USER });
  });
});

describe('the trusted-device id when the page calls the SSO directly (the service URL is the SSO)', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl }), {
      logStream: { write: () => {} },
    });
  });

  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  it('a reply through the proxy (FIDO verification) reaches the page with its id: the page keeps it', async () => {
    const body = { nextaction: 'AUTH_ALLOWED', userName: USER, additional: trustedBlock };
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    const response = await app.inject({
      method: 'POST',
      url: '/common/portal/proxy/factor/v1/FIDOAuthChallengeVerifier',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.json()).toEqual(body);
    expect(response.cookies).toEqual([]);
  });
});
