import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness, PASSWORD, type Reply } from './harness.js';

// A flow state's life (issue 14, item 2): single use after AUTH_ALLOWED, no extension once the
// sign-in is complete, ended by logout (revoke); and (issue 21, item 1) authcomplete only with the
// one-time completion secret AUTH_ALLOWED handed the browser that completed the authentication.

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
async function arriveAndSignIn(flowState: string): Promise<Reply> {
  expect((await resume(flowState)).json.nextaction).toBe('PASSWORD_AUTH');
  const allowed = await password(flowState);
  expect(allowed.json.nextaction).toBe('AUTH_ALLOWED');
  return allowed;
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

/** A relying-party start in a browser holding `cookie`: the flow state it hands the portal. */
async function rpStart(query: Record<string, string> = {}, cookie = ''): Promise<string> {
  const start = await h.call(
    'GET',
    `/_emulator/rp/start?${new URLSearchParams({ portal: PORTAL, ...query })}`,
    cookie ? { headers: { cookie } } : {},
  );
  expect(start.status).toBe(302);
  return new URL(String(start.headers.location)).searchParams.get('x-flow-state') ?? '';
}

/** authcomplete with the flow state and exactly this query besides (no secret unless given). */
const authcomplete = (flowState: string, query: Record<string, string> = {}, cookie = '') =>
  h.call('GET', `oauth2/v1/authcomplete?${new URLSearchParams({ ...query, 'x-flow-state': flowState })}`, {
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** The completion secret an AUTH_ALLOWED reply's authCompleteUrl carries. */
const secretOf = (allowed: Reply) =>
  new URL(String(allowed.json.authCompleteUrl)).searchParams.get('completion_secret') ?? '';

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
    const flowState = await rpStart({ login_hint: 'pat.password' });
    const allowed = await arriveAndSignIn(flowState);
    refused(await resume(flowState));
    refused(await h.authenticate('pat.password', client, flowState));
    const done = await h.authComplete(allowed, flowState);
    expect(done.status).toBe(302);
    expect(String(done.headers.location)).toMatch(/^\/_emulator\/rp\/callback\?code=/);
    refused(await h.authComplete(allowed, flowState));
  });

  it('a complete flow state is not extended: it ends 15 minutes after AUTH_ALLOWED whatever is tried', async () => {
    const flowState = await rpStart({ login_hint: 'pat.password' });
    const allowed = await arriveAndSignIn(flowState);
    await setClock(10 * MINUTE);
    client = await h.clientToken();
    refused(await resume(flowState));
    await setClock(16 * MINUTE);
    refused(await h.authComplete(allowed, flowState));
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

describe('authcomplete needs the completion secret of AUTH_ALLOWED (flow-state fixation)', () => {
  it('AUTH_ALLOWED carries a fresh 256-bit secret in authCompleteUrl; the relying-party start sets no cookie', async () => {
    const start = await h.call('GET', `/_emulator/rp/start?portal=${encodeURIComponent(PORTAL)}`);
    expect(start.headers['set-cookie']).toBeUndefined();
    const first = secretOf(await arriveAndSignIn(await rpStart({ login_hint: 'pat.password' })));
    const second = secretOf(await arriveAndSignIn(await rpStart({ login_hint: 'pat.password' })));
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
  });

  it('without the secret, or with a wrong one, authcomplete is refused and spends nothing', async () => {
    const flowState = await rpStart({ login_hint: 'pat.password' });
    const allowed = await arriveAndSignIn(flowState);
    const secret = secretOf(allowed);
    refused(await authcomplete(flowState));
    refused(await authcomplete(flowState, { completion_secret: '' }));
    refused(await authcomplete(flowState, { completion_secret: 'A'.repeat(43) }));
    refused(await authcomplete(flowState, { completion_secret: `${secret}x` }));
    // Another flow's secret does not open this one.
    const other = secretOf(await arriveAndSignIn(await rpStart({ login_hint: 'pat.password' })));
    refused(await authcomplete(flowState, { completion_secret: other }));
    // The holder of the secret still completes.
    const done = await authcomplete(flowState, { completion_secret: secret });
    expect(done.status).toBe(302);
    expect(String(done.headers.location)).toMatch(/^\/_emulator\/rp\/callback\?code=/);
  });

  it('the secret is single use: the same authcomplete address again is refused', async () => {
    const flowState = await rpStart({ login_hint: 'pat.password' });
    const allowed = await arriveAndSignIn(flowState);
    expect((await h.authComplete(allowed, flowState)).status).toBe(302);
    refused(await h.authComplete(allowed, flowState));
    refused(await authcomplete(flowState, { completion_secret: secretOf(allowed) }));
  });

  it('fixation: the browser that started the flow gets nothing; the one that authenticated is handed back as itself', async () => {
    // The attacker starts a relying-party sign-in in their own browser and sends the victim the
    // portal address with its flow state.
    const flowState = await rpStart();
    // The victim completes every factor on the genuine portal.
    expect((await h.authenticate('pat.password', client, flowState)).json.nextaction).toBe('PASSWORD_AUTH');
    const allowed = await password(flowState);
    expect(allowed.json).toMatchObject({ nextaction: 'AUTH_ALLOWED', userName: 'pat.password' });
    // The attacker's browser opens authcomplete with the flow state it knows: refused.
    refused(await authcomplete(flowState));
    // The victim's browser, sent on with the secret, reaches the relying party as themself.
    const done = await h.authComplete(allowed, flowState);
    expect(done.status).toBe(302);
    const callback = await h.call('GET', String(done.headers.location));
    expect(callback.text).toContain('Signed in as <strong id="signed-in-user">pat.password</strong>');
    // And the attacker still gets nothing afterwards.
    refused(await authcomplete(flowState));
  });

  it('a reset flow (restart) needs the secret of its own AUTH_ALLOWED', async () => {
    const flowState = await rpStart();
    const reset = await h.call('POST', 'auth/v1/authenticate', {
      token: client,
      flowState,
      body: { resetFlow: true, subject: '' },
    });
    const renewed = String(reset.json.flowState);
    await h.authenticate('pat.password', client, renewed);
    const allowed = await password(renewed);
    expect(allowed.json.nextaction).toBe('AUTH_ALLOWED');
    refused(await authcomplete(renewed));
    expect((await h.authComplete(allowed, renewed)).status).toBe(302);
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
