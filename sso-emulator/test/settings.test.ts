import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness, PASSWORD } from './harness.js';

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
  await h.authenticate('pat.password', client, flowState);
  const allowed = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
    token: client,
    flowState,
    body: { password: PASSWORD },
  });
  return { flowState, allowed };
}

describe('settings', () => {
  it('defaults: an absolute authCompleteUrl', async () => {
    expect((await h.call('GET', '/_emulator/api/settings')).json).toEqual({
      authCompleteUrl: 'absolute',
      stepUp: 'off',
      pushNumberMatching: 'off',
    });
    const { allowed } = await oauth2PasswordSignIn();
    expect(allowed.json.authCompleteUrl).toMatch(
      /^http:\/\/localhost:8090\/default\/oauth2\/v1\/authcomplete\?completion_secret=[A-Za-z0-9_-]{43}$/,
    );
  });

  it("authCompleteUrl 'relative': AUTH_ALLOWED carries the path relative to the tenant URL, which completes", async () => {
    const set = await h.call('POST', '/_emulator/api/settings', { body: { authCompleteUrl: 'relative' } });
    expect(set.json).toEqual({ authCompleteUrl: 'relative', stepUp: 'off', pushNumberMatching: 'off' });
    const { flowState, allowed } = await oauth2PasswordSignIn();
    expect(allowed.json).toMatchObject({
      nextaction: 'AUTH_ALLOWED',
      authCompleteUrl: expect.stringMatching(
        /^oauth2\/v1\/authcomplete\?completion_secret=[A-Za-z0-9_-]{43}$/,
      ),
    });
    const complete = await h.authComplete(allowed, flowState);
    expect(complete.status).toBe(302);
    expect(String(complete.headers.location)).toMatch(/^\/_emulator\/rp\/callback\?code=/);
  });

  it('reset restores the defaults; a bad value is a 400', async () => {
    await h.call('POST', '/_emulator/api/settings', { body: { authCompleteUrl: 'relative' } });
    await h.call('POST', '/_emulator/api/reset');
    expect((await h.call('GET', '/_emulator/api/settings')).json).toEqual({
      authCompleteUrl: 'absolute',
      stepUp: 'off',
      pushNumberMatching: 'off',
    });
    const bad = await h.call('POST', '/_emulator/api/settings', { body: { authCompleteUrl: '//evil' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errorCode).toBe('0000400');
  });
});
