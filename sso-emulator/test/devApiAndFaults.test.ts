import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { Harness } from './harness.js';

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

describe('developer API and page', () => {
  it('users, pre-registered TOTP credential, reset restores fixtures', async () => {
    const users = JSON.parse((await h.call('GET', '/_emulator/api/users')).text) as Array<{
      userName: string;
    }>;
    expect(users.map((u) => u.userName)).toContain('felix.factors');
    expect(JSON.stringify(users)).not.toContain('scrypt$');
    const added = await h.call('POST', '/_emulator/api/users/pat.password/credentials', {
      body: { credType: 'totp', credValue: 'Test phone', totpSecret: 'JBSWY3DPEHPK3PXP' },
    });
    expect(added.status).toBe(201);
    expect(
      (
        await h.call('POST', '/_emulator/api/users/pat.password/credentials', {
          body: { credType: 'totp', credValue: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.call('POST', '/_emulator/api/users/nobody/credentials', {
          body: { credType: 'sms', credValue: '+15550000000' },
        })
      ).status,
    ).toBe(400);
    await h.call('POST', '/_emulator/api/reset');
    const after = JSON.parse((await h.call('GET', '/_emulator/api/users')).text) as Array<{
      userName: string;
      credentials: unknown[];
    }>;
    expect(after.find((u) => u.userName === 'pat.password')?.credentials).toEqual([]);
  });

  it('the dev page lists outbox, pushes with Approve/Reject forms and users, without scripts', async () => {
    const start = await h.authenticate('pete.push', client);
    const fs = String(start.json.flowState);
    await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: fs,
      body: { password: 'Passw0rd!' },
    });
    await h.call('POST', 'factor/v1/PushGenerator', {
      token: client,
      flowState: fs,
      body: { credId: 'VSMT10000001', action: 'login' },
    });
    const page = await h.call('GET', '/_emulator/');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('Outbox');
    expect(page.text).toMatch(/action="\/_emulator\/pushes\/[0-9a-f-]+\/approve"/);
    expect(page.text).toContain('>Reject</button>');
    expect(page.text).toContain('felix.factors');
    expect(page.text).not.toContain('<script');
    const id = /pushes\/([0-9a-f-]+)\/approve/.exec(page.text)?.[1];
    const approve = await h.call('POST', `/_emulator/pushes/${id}/approve`);
    expect(approve.status).toBe(303);
    const status = await h.call('POST', 'factor/v1/PushStatus', {
      token: client,
      flowState: fs,
      body: { credId: 'VSMT10000001' },
    });
    expect(status.json.data).toEqual({ status: 'AUTHENTICATED' });
    const reset = await h.call('POST', '/_emulator/reset');
    expect(reset.status).toBe(303);
  });

  it('clock and bad dev API bodies', async () => {
    const clock = await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 1000 } });
    expect(clock.json.offsetMs).toBe(1000);
    expect((await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 'soon' } })).status).toBe(400);
    expect(
      (await h.call('POST', '/_emulator/api/faults', { body: { call: 'x', status: 'bad' } })).status,
    ).toBe(400);
  });
});

describe('fault injection', () => {
  const auth = () => h.authenticate('pat.password', client);
  it('status + body, null and malformed bodies, consumed after `times`', async () => {
    await h.call('POST', '/_emulator/api/faults', {
      body: {
        call: 'auth/v1/authenticate',
        status: 503,
        body: { errorCode: 'X1', errorMessage: 'down' },
        times: 2,
      },
    });
    expect((await auth()).status).toBe(503);
    expect((await auth()).json).toEqual({ errorCode: 'X1', errorMessage: 'down' });
    expect((await auth()).status).toBe(200);
    await h.call('POST', '/_emulator/api/faults', { body: { call: 'auth/v1/authenticate', body: null } });
    const nul = await auth();
    expect(nul.status).toBe(200);
    expect(nul.text).toBe('null');
    await h.call('POST', '/_emulator/api/faults', {
      body: { call: 'auth/v1/authenticate', body: 'malformed' },
    });
    const bad = await auth();
    expect(() => JSON.parse(bad.text)).toThrow();
  });

  it('one expired-token 401, a delay, method filter, DELETE clears', async () => {
    await h.call('POST', '/_emulator/api/faults', {
      body: { call: 'auth/v1/authenticate', expiredToken: true },
    });
    const expired = await auth();
    expect(expired.status).toBe(401);
    expect(expired.json).toEqual({ errorCode: '0000005', errorMessage: 'invalid access token' });
    expect((await auth()).status).toBe(200);
    await h.call('POST', '/_emulator/api/faults', { body: { call: 'auth/v1/authenticate', delayMs: 300 } });
    const t0 = Date.now();
    expect((await auth()).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    await h.call('POST', '/_emulator/api/faults', {
      body: { call: 'oauth2/v1/token', method: 'GET', status: 500 },
    });
    expect((await h.token({ grant_type: 'client_credentials' })).status).toBe(200);
    await h.call('POST', '/_emulator/api/faults', {
      body: { call: 'oauth2/v1/token', status: 500, times: 5 },
    });
    await h.call('DELETE', '/_emulator/api/faults');
    expect((await h.token({ grant_type: 'client_credentials' })).status).toBe(200);
  });
});

describe('hostile replies (the fault campaign, e2e/hostile)', () => {
  const auth = () => h.authenticate('pat.password', client);
  const arm = (fault: object) =>
    h.call('POST', '/_emulator/api/faults', { body: { call: 'auth/v1/authenticate', ...fault } });

  it('replaces the reply: any JSON value, exact text with its content type, no body, deep nesting', async () => {
    await arm({ reply: { kind: 'json', value: ['a', 1] } });
    expect((await auth()).json).toEqual(['a', 1]);
    await arm({ reply: { kind: 'raw', text: '<h1>502</h1>' }, status: 502, contentType: 'text/html' });
    const html = await auth();
    expect([html.status, html.text, String(html.headers['content-type'])]).toEqual([
      502,
      '<h1>502</h1>',
      'text/html',
    ]);
    await arm({ reply: { kind: 'empty' } });
    const empty = await auth();
    expect([empty.status, empty.text]).toEqual([204, '']);
    await arm({ reply: { kind: 'deep', depth: 5000 } });
    const deep = await auth();
    expect(deep.text.startsWith('{"a":{"a":')).toBe(true);
    expect(deep.text.length).toBe(5000 * 6 + 1);
    expect((await auth()).status).toBe(200);
  });

  it('changes the real reply: a field patched, a field grown, a header padded', async () => {
    await arm({ reply: { kind: 'patch', patch: { nextaction: 42, extra: [1] } } });
    const patched = await auth();
    expect(patched.json).toMatchObject({ nextaction: 42, extra: [1] });
    expect(typeof (patched.json as { flowState: unknown }).flowState).toBe('string');
    await arm({ reply: { kind: 'long', field: 'data.message', bytes: 1_000_000 } });
    const long = (await auth()).json as { data: { message: string }; flowState: unknown };
    expect(long.data.message.length).toBe(1_000_000);
    expect(typeof long.flowState).toBe('string');
    await arm({ reply: { kind: 'headers', bytes: 300_000 } });
    const padded = await auth();
    expect(String(padded.headers['x-fault-padding']).length).toBe(300_000);
  });

  it('refuses an unknown class', async () => {
    expect((await arm({ reply: { kind: 'explode' } })).status).toBe(400);
  });
});

describe('CORS', () => {
  it('allows configured portal origins with the contract headers, refuses others', async () => {
    const pre = await h.app.inject({
      method: 'OPTIONS',
      url: '/default/auth/v1/authenticate',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-flow-state',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    const allowed = String(pre.headers['access-control-allow-headers']);
    for (const header of [
      'Authorization',
      'Content-Type',
      'X-Flow-State',
      'X-CLIENT-TRANSACTION-ID',
      'X-Device-Tag',
      'X-Relay-State',
    ]) {
      expect(allowed).toContain(header);
    }
    const res = await h.app.inject({
      method: 'POST',
      url: '/default/auth/v1/authenticate',
      headers: {
        origin: 'http://localhost:8080',
        authorization: `Bearer ${client}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ channel: 'web', action: 'authenticate', subject: 'pat.password' }),
    });
    expect(res.headers['access-control-expose-headers']).toBe('X-Flow-State');
    const foreign = await h.app.inject({
      method: 'OPTIONS',
      url: '/default/auth/v1/authenticate',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('configuration', () => {
  it('defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 8090,
      tenant: 'default',
      publicUrl: 'http://localhost:8090',
      portalOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080'],
      rpId: 'localhost',
      clientId: 'portal',
      clientSecret: 'portal-dev-secret',
      pushTimeoutMs: 60000,
    });
  });
  it.each([
    ['EMULATOR_PORT', 'eighty'],
    ['EMULATOR_PORT', '70000'],
    ['EMULATOR_TENANT', 'a/b'],
    ['EMULATOR_PUBLIC_URL', 'localhost:8090'],
    ['EMULATOR_PORTAL_ORIGINS', 'http://localhost:8080/path'],
    ['EMULATOR_PUSH_TIMEOUT_MS', '0'],
  ])('%s=%s fails naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
  it('a broken fixtures file fails clearly', async () => {
    await expect(Harness.start({ EMULATOR_FIXTURES: '/nonexistent/users.json' })).rejects.toThrow(
      /Cannot read fixtures/,
    );
  });
});
