import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieFrom, Harness, PASSWORD } from './harness.js';

// Dev-API settings (src/state/settings.ts): a relative authCompleteUrl in AUTH_ALLOWED.

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.close());

async function oauth2PasswordSignIn() {
  const client = await h.clientToken();
  const start = await h.call('GET', '/_emulator/rp/start?portal=http%3A%2F%2Flocalhost%3A8080');
  const flowState = new URL(String(start.headers.location)).searchParams.get('x-flow-state') ?? '';
  const browser = cookieFrom(start, 'emulator_browser');
  await h.authenticate('pat.password', client, flowState);
  const allowed = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
    token: client,
    flowState,
    body: { password: PASSWORD },
  });
  return { flowState, allowed, browser };
}

describe('settings', () => {
  it('defaults: an absolute authCompleteUrl', async () => {
    expect((await h.call('GET', '/_emulator/api/settings')).json).toEqual({
      authCompleteUrl: 'absolute',
      stepUp: 'off',
    });
    const { allowed } = await oauth2PasswordSignIn();
    expect(allowed.json.authCompleteUrl).toBe('http://localhost:8090/default/oauth2/v1/authcomplete');
  });

  it("authCompleteUrl 'relative': AUTH_ALLOWED carries the path relative to the tenant URL, which completes", async () => {
    const set = await h.call('POST', '/_emulator/api/settings', { body: { authCompleteUrl: 'relative' } });
    expect(set.json).toEqual({ authCompleteUrl: 'relative', stepUp: 'off' });
    const { flowState, allowed, browser } = await oauth2PasswordSignIn();
    expect(allowed.json).toMatchObject({
      nextaction: 'AUTH_ALLOWED',
      authCompleteUrl: 'oauth2/v1/authcomplete',
    });
    const target = new URL(String(allowed.json.authCompleteUrl), 'http://localhost:8090/default/');
    target.searchParams.set('x-flow-state', flowState);
    const complete = await h.call('GET', target.pathname + target.search, { headers: { cookie: browser } });
    expect(complete.status).toBe(302);
    expect(String(complete.headers.location)).toMatch(/^\/_emulator\/rp\/callback\?code=/);
  });

  it('reset restores the defaults; a bad value is a 400', async () => {
    await h.call('POST', '/_emulator/api/settings', { body: { authCompleteUrl: 'relative' } });
    await h.call('POST', '/_emulator/api/reset');
    expect((await h.call('GET', '/_emulator/api/settings')).json).toEqual({
      authCompleteUrl: 'absolute',
      stepUp: 'off',
    });
    const bad = await h.call('POST', '/_emulator/api/settings', { body: { authCompleteUrl: '//evil' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errorCode).toBe('0000400');
  });
});
