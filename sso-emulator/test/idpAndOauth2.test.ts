import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness, PASSWORD } from './harness.js';

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

const RELAY = 'http://localhost:8080/idpComplete';
const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

describe('identity provider', () => {
  it('IDP_AUTH → SAML auto-post form → IdP page → /idpComplete?isIDP=true&x-flow-state → AUTH_ALLOWED', async () => {
    const start = await h.authenticate('ida.idp', client);
    expect(start.json.nextaction).toBe('IDP_AUTH');
    const fs = String(start.json.flowState);
    const form = await h.call('GET', 'oauth2/v1/idp', {
      token: client,
      flowState: fs,
      headers: { 'x-relay-state': RELAY },
    });
    expect(form.status).toBe(200);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.text).toContain('method="POST" action="http://localhost:8090/_emulator/idp/sso"');
    expect(form.text).not.toContain('<script');
    const samlRequest = hidden(form.text, 'SAMLRequest');
    expect(Buffer.from(samlRequest, 'base64').toString()).toContain('AuthnRequest');
    expect(hidden(form.text, 'RelayState')).toBe(RELAY);

    const idpPage = await h.call('POST', '/_emulator/idp/sso', {
      form: { SAMLRequest: samlRequest, RelayState: RELAY },
    });
    expect(idpPage.text).toContain('Example Identity Provider');
    expect(idpPage.text).toContain('>Continue</button>');
    expect(idpPage.text).not.toContain('<script');
    expect(idpPage.headers['content-security-policy']).toContain("default-src 'none'");

    // Before the IdP hands back, resuming without a subject stays at IDP_AUTH.
    const early = await h.call('POST', 'auth/v1/authenticate', {
      token: client,
      flowState: fs,
      body: { channel: 'web', action: 'authenticate' },
    });
    expect(early.json.nextaction).toBe('IDP_AUTH');

    const back = await h.call('POST', '/_emulator/idp/continue', {
      form: { requestId: hidden(idpPage.text, 'requestId'), RelayState: RELAY },
    });
    expect(back.status).toBe(303);
    const location = new URL(String(back.headers.location));
    expect(location.origin + location.pathname).toBe(RELAY);
    expect(location.searchParams.get('isIDP')).toBe('true');
    expect(location.searchParams.get('x-flow-state')).toBe(fs);
    expect(location.search).not.toMatch(/token/i);

    const done = await h.call('POST', 'auth/v1/authenticate', {
      token: client,
      flowState: fs,
      body: { channel: 'web', action: 'authenticate', latestFlowState: true },
    });
    expect(done.json.nextaction).toBe('AUTH_ALLOWED');
    expect(done.json.id_token).toBeTypeOf('string');
  });

  it('refuses a relay state off the portal origins, missing flow state, bad IdP posts', async () => {
    const start = await h.authenticate('ida.idp', client);
    const fs = String(start.json.flowState);
    for (const relay of ['https://evil.example/idpComplete', 'javascript:alert(1)', '']) {
      const res = await h.call('GET', 'oauth2/v1/idp', {
        token: client,
        flowState: fs,
        headers: { 'x-relay-state': relay },
      });
      expect(res.status).toBe(400);
    }
    const noFs = await h.call('GET', 'oauth2/v1/idp', { token: client, headers: { 'x-relay-state': RELAY } });
    expect(noFs.json.errorCode).toBe('0000010');
    const bad = await h.call('POST', '/_emulator/idp/sso', {
      form: { SAMLRequest: 'AAAA', RelayState: RELAY },
    });
    expect(bad.status).toBe(401);
    const missing = await h.call('POST', '/_emulator/idp/sso', { form: {} });
    expect(missing.status).toBe(400);
    const pw = await h.authenticate('pat.password', client);
    const notIdp = await h.call('GET', 'oauth2/v1/idp', {
      token: client,
      flowState: String(pw.json.flowState),
      headers: { 'x-relay-state': RELAY },
    });
    expect(notIdp.json.errorCode).toBe('8800030');
  });

  it.each([
    ['script', '<script>'],
    ['handler', 'onload='],
    ['javascript-action', 'action="javascript:'],
    ['foreign-action', 'action="https://attacker.example/collect"'],
  ])('fault injection serves the hostile %s form once', async (htmlVariant, marker) => {
    const start = await h.authenticate('ida.idp', client);
    const fs = String(start.json.flowState);
    const armed = await h.call('POST', '/_emulator/api/faults', {
      body: { call: 'oauth2/v1/idp', htmlVariant },
    });
    expect(armed.status).toBe(200);
    const hostile = await h.call('GET', 'oauth2/v1/idp', {
      token: client,
      flowState: fs,
      headers: { 'x-relay-state': RELAY },
    });
    expect(hostile.text).toContain(marker);
    const clean = await h.call('GET', 'oauth2/v1/idp', {
      token: client,
      flowState: fs,
      headers: { 'x-relay-state': RELAY },
    });
    expect(clean.text).not.toContain(marker);
  });
});

describe('oauth2 flow', () => {
  it('rp/start → portal /oauth2?x-flow-state → authCompleteUrl → authcomplete → rp callback', async () => {
    const start = await h.call('GET', '/_emulator/rp/start?portal=http%3A%2F%2Flocalhost%3A8080');
    expect(start.status).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.origin + location.pathname).toBe('http://localhost:8080/oauth2');
    const fs = location.searchParams.get('x-flow-state') ?? '';
    const auth = await h.authenticate('pat.password', client, fs);
    expect(auth.json.flowState).toBe(fs);
    const pw = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: fs,
      body: { password: PASSWORD },
    });
    expect(pw.json).toMatchObject({
      nextaction: 'AUTH_ALLOWED',
      authCompleteUrl: expect.stringMatching(
        /^http:\/\/localhost:8090\/default\/oauth2\/v1\/authcomplete\?completion_secret=[A-Za-z0-9_-]{43}$/,
      ),
    });
    expect(pw.json.id_token).toBeUndefined();
    const complete = await h.authComplete(pw, fs);
    expect(complete.status).toBe(302);
    const callback = await h.call('GET', String(complete.headers.location));
    expect(callback.text).toContain('Signed in as <strong id="signed-in-user">pat.password</strong>');
    const twice = await h.authComplete(pw, fs);
    expect(twice.json.errorCode).toBe('0000010');
  });

  it('rejects a foreign portal and an unfinished transaction', async () => {
    const foreign = await h.call('GET', '/_emulator/rp/start?portal=https://evil.example');
    expect(foreign.status).toBe(400);
    const start = await h.call('GET', '/_emulator/rp/start?portal=http://localhost:8080');
    const fs = new URL(String(start.headers.location)).searchParams.get('x-flow-state') ?? '';
    const early = await h.call('GET', `oauth2/v1/authcomplete?x-flow-state=${encodeURIComponent(fs)}`);
    expect(early.json.errorCode).toBe('0000010');
  });
});
