import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieFrom, Harness, PASSWORD, type Reply } from './harness.js';

// A flow state's life (issue 14, item 2): single use after AUTH_ALLOWED, no extension once the
// sign-in is complete, ended by logout (revoke), and authcomplete only for the browser that
// started the oauth2 flow.

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

const PORTAL = 'http://localhost:8080';
const RELAY = `${PORTAL}/idpComplete`;
const MINUTE = 60_000;
const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

const setClock = (offsetMs: number) => h.call('POST', '/_emulator/api/clock', { body: { offsetMs } });

/** The portal's authenticate without subject: the identity provider's hand-back or the oauth2 arrival. */
const resume = (flowState: string) =>
  h.call('POST', 'auth/v1/authenticate', {
    token: client,
    flowState,
    body: { channel: 'web', action: 'authenticate', latestFlowState: true },
  });

const password = (flowState: string) =>
  h.call('POST', 'factor/v1/PasswordAuthenticator', {
    token: client,
    flowState,
    body: { password: PASSWORD },
  });

/** The portal's arrival (the login_hint's first step) and the password: AUTH_ALLOWED with authCompleteUrl. */
async function arriveAndSignIn(flowState: string) {
  expect((await resume(flowState)).json.nextaction).toBe('PASSWORD_AUTH');
  expect((await password(flowState)).json.nextaction).toBe('AUTH_ALLOWED');
}

const refused = (reply: Reply) => {
  expect(reply.status).toBe(401);
  expect(reply.json).toMatchObject({ errorCode: '0000010', errorMessage: 'Invalid X-Flow-State header' });
};

/** ida.idp through the provider: the hand-back's flow state (what /idpComplete receives). */
async function handBack(flowState?: string): Promise<string> {
  const start = flowState ? await resume(flowState) : await h.authenticate('ida.idp', client);
  expect(start.json.nextaction).toBe('IDP_AUTH');
  const fs = String(start.json.flowState);
  const form = await h.call('GET', 'oauth2/v1/idp', {
    token: client,
    flowState: fs,
    headers: { 'x-relay-state': RELAY },
  });
  const page = await h.call('POST', '/_emulator/idp/sso', {
    form: { SAMLRequest: hidden(form.text, 'SAMLRequest'), RelayState: RELAY },
  });
  const back = await h.call('POST', '/_emulator/idp/continue', {
    form: { requestId: hidden(page.text, 'requestId'), RelayState: RELAY, userName: 'ida.idp' },
  });
  expect(back.status).toBe(303);
  return new URL(String(back.headers.location)).searchParams.get('x-flow-state') ?? '';
}

/** A relying-party start in a browser holding `cookie`; the flow state and the browser's binding cookie. */
async function rpStart(query: Record<string, string> = {}, cookie = '') {
  const start = await h.call(
    'GET',
    `/_emulator/rp/start?${new URLSearchParams({ portal: PORTAL, ...query })}`,
    {
      headers: { cookie },
    },
  );
  expect(start.status).toBe(302);
  const flowState = new URL(String(start.headers.location)).searchParams.get('x-flow-state') ?? '';
  return { flowState, browser: cookieFrom(start, 'emulator_browser') || cookie };
}

const authcomplete = (flowState: string, cookie: string) =>
  h.call('GET', `oauth2/v1/authcomplete?x-flow-state=${encodeURIComponent(flowState)}`, {
    headers: { cookie },
  });

describe('a flow state is single-use after AUTH_ALLOWED', () => {
  it('the identity-provider hand-back signs in once; replayed, it is refused', async () => {
    const fs = await handBack();
    const allowed = await resume(fs);
    expect(allowed.json).toMatchObject({ nextaction: 'AUTH_ALLOWED', userName: 'ida.idp' });
    expect(allowed.json.id_token).toBeTypeOf('string');

    // The same hand-back again (history on a shared machine, an address sent to someone else).
    refused(await resume(fs));
    // Nor can a user name or a factor call take the finished flow over.
    refused(await h.authenticate('ida.idp', client, fs));
    refused(await password(fs));
  });

  it('a direct password sign-in: the flow state is over with its AUTH_ALLOWED', async () => {
    const start = await h.authenticate('pat.password', client);
    const fs = String(start.json.flowState);
    expect((await password(fs)).json.nextaction).toBe('AUTH_ALLOWED');
    refused(await resume(fs));
    refused(await password(fs));
  });

  it('oauth2: after AUTH_ALLOWED only authcomplete takes the flow state, once', async () => {
    const { flowState, browser } = await rpStart({ login_hint: 'pat.password' });
    await arriveAndSignIn(flowState);
    refused(await resume(flowState));
    refused(await h.authenticate('pat.password', client, flowState));
    const done = await authcomplete(flowState, browser);
    expect(done.status).toBe(302);
    expect(String(done.headers.location)).toMatch(/^\/_emulator\/rp\/callback\?code=/);
    refused(await authcomplete(flowState, browser));
  });

  it('a complete flow state is not extended: it ends 15 minutes after AUTH_ALLOWED whatever is tried', async () => {
    const { flowState, browser } = await rpStart({ login_hint: 'pat.password' });
    await arriveAndSignIn(flowState);
    await setClock(10 * MINUTE);
    client = await h.clientToken();
    refused(await resume(flowState));
    await setClock(16 * MINUTE);
    refused(await authcomplete(flowState, browser));
  });

  it('a sign-in in progress is still extended by its use', async () => {
    const start = await h.authenticate('pat.password', client);
    const fs = String(start.json.flowState);
    await setClock(10 * MINUTE);
    client = await h.clientToken();
    expect((await resume(fs)).json.nextaction).toBe('PASSWORD_AUTH');
    await setClock(20 * MINUTE);
    client = await h.clientToken();
    expect((await password(fs)).json.nextaction).toBe('AUTH_ALLOWED');
  });
});

describe('authcomplete is bound to the browser that started the flow', () => {
  it('the start sets an HttpOnly, SameSite=Lax browser cookie; a browser that has one keeps it', async () => {
    const start = await h.call('GET', `/_emulator/rp/start?portal=${encodeURIComponent(PORTAL)}`);
    const header = ([] as string[]).concat(start.headers['set-cookie'] as string | string[]);
    expect(header.find((line) => line.startsWith('emulator_browser='))).toMatch(
      /^emulator_browser=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const first = cookieFrom(start, 'emulator_browser');
    const again = await rpStart({}, first);
    expect(again.browser).toBe(first);
  });

  it('another browser (none, or its own cookie) is refused; the one that started it completes', async () => {
    const victim = await rpStart();
    const attacker = await rpStart({ login_hint: 'pat.password' });
    expect(attacker.browser).not.toBe(victim.browser);
    await arriveAndSignIn(attacker.flowState);

    // The attacker's finished sign-in, opened in the victim's browser: refused (login CSRF).
    refused(await authcomplete(attacker.flowState, victim.browser));
    refused(await authcomplete(attacker.flowState, ''));
    refused(await authcomplete(attacker.flowState, 'emulator_browser=forged'));
    // It stays the attacker's own: their browser still completes it.
    const done = await authcomplete(attacker.flowState, attacker.browser);
    expect(done.status).toBe(302);
    expect(done.headers['set-cookie']).toBeDefined();
  });

  it('a reset flow (restart) stays bound to the same browser', async () => {
    const { flowState, browser } = await rpStart();
    const reset = await h.call('POST', 'auth/v1/authenticate', {
      token: client,
      flowState,
      body: { resetFlow: true, subject: '' },
    });
    const renewed = String(reset.json.flowState);
    await h.authenticate('pat.password', client, renewed);
    expect((await password(renewed)).json.nextaction).toBe('AUTH_ALLOWED');
    refused(await authcomplete(renewed, (await rpStart()).browser));
    expect((await authcomplete(renewed, browser)).status).toBe(302);
  });
});

describe('logout (revoke) ends the flow states begun before it', () => {
  it('an unfinished sign-in of the user ends with the revoke; one begun after the sign-in does not', async () => {
    // Another tab left at the password step, e.g. on a shared machine.
    const left = String((await h.authenticate('pat.password', client)).json.flowState);
    await setClock(2000);
    client = await h.clientToken();
    const tokens = await h.signedIn('pat.password');
    await setClock(4000);
    client = await h.clientToken();
    const later = String((await h.authenticate('pat.password', client)).json.flowState);
    const other = String((await h.authenticate('sam.sms', client)).json.flowState);
    expect((await resume(left)).json.nextaction).toBe('PASSWORD_AUTH');

    const revoke = await h.call('POST', 'oauth2/v1/revoke', {
      form: { token: tokens.refresh_token },
      headers: { authorization: `Basic ${Buffer.from('portal:portal-dev-secret').toString('base64')}` },
    });
    expect(revoke.status).toBe(200);
    refused(await resume(left));
    expect((await resume(later)).json.nextaction).toBe('PASSWORD_AUTH');
    expect((await resume(other)).json.nextaction).toBe('PASSWORD_AUTH');
  });

  it('an identity-provider hand-back left unused ends with the logout of its user', async () => {
    // The provider handed back, but the re-authentication never came (the tab was closed).
    const fs = await handBack();
    await setClock(2000);
    client = await h.clientToken();
    // The same user signs in elsewhere and logs out.
    const start = await h.authenticate('ida.idp', client);
    const again = await handBack(String(start.json.flowState));
    const allowed = await resume(again);
    const tokens = await h.userTokens(String(allowed.json.id_token));
    await h.call('POST', 'oauth2/v1/revoke', {
      form: { token: String(tokens.access_token) },
      headers: { authorization: `Basic ${Buffer.from('portal:portal-dev-secret').toString('base64')}` },
    });
    refused(await resume(fs));
  });
});
