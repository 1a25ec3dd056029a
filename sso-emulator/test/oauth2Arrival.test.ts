import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness, PASSWORD, type Reply } from './harness.js';

// The four ways a browser arrives at the portal's /oauth2 from the relying party (README, 'oauth2
// flow'): no user yet, a login_hint, identity-provider discovery, and a live SSO session.

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

const PORTAL = 'http://localhost:8080';
const RELAY = `${PORTAL}/idpComplete`;
/** AUTH_ALLOWED's authCompleteUrl: the tenant's authcomplete with a one-time completion secret. */
const AUTH_COMPLETE_URL =
  /^http:\/\/localhost:8090\/default\/oauth2\/v1\/authcomplete\?completion_secret=[A-Za-z0-9_-]{43}$/;
const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

/** The Cookie header of this test's browser: its SSO session cookie if given. */
const cookies = (sso?: string) => (sso ? { headers: { cookie: sso } } : {});

/** GET /_emulator/rp/start with these parameters (and cookie); the flow state it hands the portal. */
async function rpStart(query: Record<string, string> = {}, cookie?: string): Promise<string> {
  const search = new URLSearchParams({ portal: PORTAL, ...query }).toString();
  const start = await h.call('GET', `/_emulator/rp/start?${search}`, cookies(cookie));
  expect(start.status).toBe(302);
  const location = new URL(String(start.headers.location));
  expect(location.origin + location.pathname).toBe(`${PORTAL}/oauth2`);
  return location.searchParams.get('x-flow-state') ?? '';
}

/** The portal's arrival: authenticate with the flow state and no subject. */
const arrive = (flowState: string) =>
  h.call('POST', 'auth/v1/authenticate', {
    token: client,
    flowState,
    body: { channel: 'web', action: 'authenticate', latestFlowState: true, device: { signature: 'fp' } },
  });

/** Password step, then authcomplete; returns the Set-Cookie of authcomplete and the callback page. */
async function finishWithPassword(flowState: string, cookie?: string) {
  const pw = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
    token: client,
    flowState,
    body: { password: PASSWORD },
  });
  expect(pw.json.nextaction).toBe('AUTH_ALLOWED');
  return complete(pw, flowState, cookie);
}

/** authcomplete as the portal sends the browser there after `allowed` (AUTH_ALLOWED). */
async function complete(allowed: Reply, flowState: string, cookie?: string) {
  const done = await h.authComplete(allowed, flowState, cookie);
  expect(done.status).toBe(302);
  const callback = await h.call('GET', String(done.headers.location));
  return { setCookie: String(done.headers['set-cookie'] ?? ''), callback: callback.text };
}

const cookiePair = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('arrival without a user: the User ID is needed', () => {
  it('answers the flow state and an empty user name, no nextaction; the typed User ID goes on', async () => {
    const fs = await rpStart();
    const arrival = await arrive(fs);
    expect(arrival.status).toBe(200);
    expect(arrival.json).toEqual({ flowState: fs, flowStateId: expect.any(String), userName: '' });
    expect(arrival.headers['x-flow-state']).toBe(fs);

    const typed = await h.authenticate('pat.password', client, fs);
    expect(typed.json).toMatchObject({
      nextaction: 'PASSWORD_AUTH',
      userName: 'pat.password',
      flowState: fs,
    });
    const { callback } = await finishWithPassword(fs);
    expect(callback).toContain('Signed in as <strong id="signed-in-user">pat.password</strong>');
  });

  it('a direct-flow authenticate without subject or flow state is still refused', async () => {
    const res = await h.call('POST', 'auth/v1/authenticate', {
      token: client,
      body: { channel: 'web', action: 'authenticate' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errorMessage).toBe('Invalid request field subject: required for a new transaction');
  });
});

describe('arrival with login_hint', () => {
  it("the transaction knows the user: the arrival answers the user's first factor", async () => {
    const fs = await rpStart({ login_hint: 'Pat.Password' });
    const arrival = await arrive(fs);
    expect(arrival.json).toMatchObject({
      nextaction: 'PASSWORD_AUTH',
      userName: 'pat.password',
      flowState: fs,
    });
    const { callback } = await finishWithPassword(fs);
    expect(callback).toContain('>pat.password</strong>');
  });

  it('a hint that names nobody is ignored: the User ID is needed', async () => {
    const fs = await rpStart({ login_hint: 'nobody' });
    expect((await arrive(fs)).json).toEqual({ flowState: fs, flowStateId: expect.any(String), userName: '' });
  });

  it('a remembered user the portal sends as subject takes over from the hint', async () => {
    const fs = await rpStart({ login_hint: 'pat.password' });
    const other = await h.authenticate('sam.sms', client, fs);
    expect(other.json).toMatchObject({ nextaction: 'PASSWORD_AUTH', userName: 'sam.sms' });
  });
});

describe('arrival with identity-provider discovery (idp=corp)', () => {
  it('IDP_AUTH without a user, the provider page asks who it is, the hand-back completes the flow', async () => {
    const fs = await rpStart({ idp: 'corp' });
    const arrival = await arrive(fs);
    expect(arrival.json).toMatchObject({
      nextaction: 'IDP_AUTH',
      flowState: fs,
      userName: '',
      currentFactors: ['IDP/corp'],
      customFactorOptions: { 'IDP/corp': 'Corporate SSO - Internal' },
    });

    const form = await h.call('GET', 'oauth2/v1/idp', {
      token: client,
      flowState: fs,
      headers: { 'x-relay-state': RELAY },
    });
    expect(form.status).toBe(200);
    const samlRequest = hidden(form.text, 'SAMLRequest');
    const idpPage = await h.call('POST', '/_emulator/idp/sso', {
      form: { SAMLRequest: samlRequest, RelayState: RELAY },
    });
    expect(idpPage.status).toBe(200);
    expect(idpPage.text).toContain('<label for="idp-user-name">User name</label>');
    expect(idpPage.text).toContain('Corporate SSO - Internal');
    expect(idpPage.text).toContain('<code>ida.idp</code>');
    expect(idpPage.text).not.toContain('<code>pat.password</code>');
    expect(idpPage.text).not.toContain('<script');
    const requestId = hidden(idpPage.text, 'requestId');

    // The provider vouches only for its own accounts; the page says so and stays usable.
    for (const userName of ['pat.password', 'nobody', '']) {
      const refused = await h.call('POST', '/_emulator/idp/continue', {
        form: { requestId, RelayState: RELAY, userName },
      });
      expect(refused.status).toBe(400);
      expect(refused.headers['content-type']).toContain('text/html');
      expect(refused.text).toContain('role="alert"');
      expect(refused.text).toContain('name="userName"');
    }
    // Before the provider answered, the arrival still says IDP_AUTH.
    expect((await arrive(fs)).json.nextaction).toBe('IDP_AUTH');

    const back = await h.call('POST', '/_emulator/idp/continue', {
      form: { requestId, RelayState: RELAY, userName: 'IDA.idp' },
    });
    expect(back.status).toBe(303);
    const location = new URL(String(back.headers.location));
    expect(location.searchParams.get('isIDP')).toBe('true');
    expect(location.searchParams.get('x-flow-state')).toBe(fs);

    const done = await arrive(fs);
    expect(done.json).toMatchObject({
      nextaction: 'AUTH_ALLOWED',
      userName: 'ida.idp',
      authCompleteUrl: expect.stringMatching(AUTH_COMPLETE_URL),
    });
    const { callback } = await complete(done, fs);
    expect(callback).toContain('>ida.idp</strong>');
  });

  it('an unknown provider is refused at the start', async () => {
    const res = await h.call('GET', `/_emulator/rp/start?portal=${encodeURIComponent(PORTAL)}&idp=nowhere`);
    expect(res.status).toBe(400);
    expect(res.json.errorMessage).toBe('Invalid request field idp: not an identity provider of this tenant');
  });

  it('a user name typed on the portal leaves discovery for that user’s own steps', async () => {
    const fs = await rpStart({ idp: 'corp' });
    await arrive(fs);
    const typed = await h.authenticate('pat.password', client, fs);
    expect(typed.json).toMatchObject({ nextaction: 'PASSWORD_AUTH', userName: 'pat.password' });
    const form = await h.call('GET', 'oauth2/v1/idp', {
      token: client,
      flowState: fs,
      headers: { 'x-relay-state': RELAY },
    });
    expect(form.json.errorCode).toBe('8800030');
  });
});

describe('arrival with a live SSO session', () => {
  async function signInOnce(): Promise<string> {
    const fs = await rpStart();
    await h.authenticate('pat.password', client, fs);
    const { setCookie } = await finishWithPassword(fs);
    return setCookie;
  }

  it('authcomplete sets an HttpOnly, SameSite=Lax session cookie with an opaque id for 8 hours', async () => {
    const setCookie = await signInOnce();
    expect(setCookie).toMatch(
      /^emulator_sso=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=28800; HttpOnly; SameSite=Lax$/,
    );
    expect(setCookie).not.toContain('pat.password');
  });

  it('the next start is answered AUTH_ALLOWED at once, with no subject or the same one', async () => {
    const cookie = cookiePair(await signInOnce());
    const fs = await rpStart({}, cookie);
    const arrival = await arrive(fs);
    expect(arrival.json).toMatchObject({
      nextaction: 'AUTH_ALLOWED',
      userName: 'pat.password',
      authCompleteUrl: expect.stringMatching(AUTH_COMPLETE_URL),
    });
    const again = await complete(arrival, fs, cookie);
    expect(again.callback).toContain('>pat.password</strong>');
    // The session keeps its id and its end: using it does not extend it.
    expect(cookiePair(again.setCookie)).toBe(cookie);

    const same = await rpStart({}, cookie);
    const withSubject = await h.authenticate('pat.password', client, same);
    expect(withSubject.json.nextaction).toBe('AUTH_ALLOWED');
  });

  it("a different subject starts that user's steps, and its sign-in replaces the session", async () => {
    const cookie = cookiePair(await signInOnce());
    const fs = await rpStart({}, cookie);
    const other = await h.authenticate('sam.sms', client, fs);
    expect(other.json).toMatchObject({ nextaction: 'PASSWORD_AUTH', userName: 'sam.sms' });
    const sms = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: fs,
      body: { password: PASSWORD },
    });
    const [cred] = sms.json.credentials as Array<{ credId: string }>;
    const credId = cred?.credId ?? '';
    await h.call('POST', 'factor/v1/OTPGenerator', {
      token: client,
      flowState: fs,
      body: { credId, credType: 'sms', action: 'login' },
    });
    const otp = await h.lastCode('sam.sms');
    const allowed = await h.call('POST', 'factor/v1/OTPVerifier', {
      token: client,
      flowState: fs,
      body: { credId, otp },
    });
    expect(allowed.json.nextaction).toBe('AUTH_ALLOWED');
    const done = await complete(allowed, fs, cookie);
    expect(done.callback).toContain('>sam.sms</strong>');
    const replaced = cookiePair(done.setCookie);
    expect(replaced).not.toBe(cookie);
    // The old session is over; the new one is sam's.
    expect((await arrive(await rpStart({}, cookie))).json.nextaction).toBeUndefined();
    expect((await arrive(await rpStart({}, replaced))).json).toMatchObject({
      nextaction: 'AUTH_ALLOWED',
      userName: 'sam.sms',
    });
  });

  it('a login_hint naming someone else than the session’s user wins over the session', async () => {
    const cookie = cookiePair(await signInOnce());
    const hinted = await rpStart({ login_hint: 'sam.sms' }, cookie);
    expect((await arrive(hinted)).json).toMatchObject({ nextaction: 'PASSWORD_AUTH', userName: 'sam.sms' });
  });

  it('ends after 8 hours of the emulator clock, on reset, and is never opened by the direct flow', async () => {
    const cookie = cookiePair(await signInOnce());
    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 8 * 60 * 60 * 1000 } });
    client = await h.clientToken();
    const expired = await rpStart({}, cookie);
    expect((await arrive(expired)).json).toEqual({
      flowState: expired,
      flowStateId: expect.any(String),
      userName: '',
    });

    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 0 } });
    const fresh = cookiePair(await signInOnce());
    await h.call('POST', '/_emulator/api/reset');
    client = await h.clientToken();
    const afterReset = await rpStart({}, fresh);
    expect((await arrive(afterReset)).json.nextaction).toBeUndefined();

    // A direct sign-in ends with an id_token; no authcomplete, no session.
    const direct = await h.authenticate('pat.password', client);
    const allowed = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: String(direct.json.flowState),
      body: { password: PASSWORD },
    });
    expect(allowed.json.id_token).toBeTypeOf('string');
    expect(allowed.headers['set-cookie']).toBeUndefined();
  });

  it('a forged or unknown cookie is ignored', async () => {
    for (const cookie of ['emulator_sso=not-a-session', `emulator_sso=${'A'.repeat(43)}`]) {
      const fs = await rpStart({}, cookie);
      expect((await arrive(fs)).json.nextaction).toBeUndefined();
    }
  });
});
