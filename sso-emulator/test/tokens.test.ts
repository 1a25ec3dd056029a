import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ID_TOKEN_EXCHANGE_WINDOW_SECONDS } from '../src/tokens/tokenRoutes.js';
import { Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(() => h.close());

describe('oauth2/v1/token and revoke', () => {
  it('client credentials need HTTP Basic with the configured client', async () => {
    const ok = await h.token({ grant_type: 'client_credentials' });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(decodeJwt(String(ok.json.access_token))).toMatchObject({ kind: 'client', sub: 'portal' });
    const bad = await h.token(
      { grant_type: 'client_credentials' },
      `Basic ${Buffer.from('portal:wrong').toString('base64')}`,
    );
    expect(bad.status).toBe(401);
    expect(bad.json).toMatchObject({ error: 'invalid_client', errorCode: '0000005' });
    const none = await h.call('POST', 'oauth2/v1/token', { form: { grant_type: 'client_credentials' } });
    expect(none.status).toBe(401);
    const grant = await h.token({ grant_type: 'password' });
    expect(grant.status).toBe(400);
    expect(grant.json.errorMessage).toContain('grant_type');
  });

  it('id_token assertion → user token (once); refresh rotates; the old refresh token is dead', async () => {
    const client = await h.clientToken();
    const start = await h.authenticate('pat.password', client);
    const done = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: String(start.json.flowState),
      body: { password: 'Passw0rd!' },
    });
    const idToken = String(done.json.id_token);
    expect(decodeJwt(idToken)).toMatchObject({ sub: 'pat.password', name: 'Pat Password' });
    const user = await h.userTokens(idToken);
    expect(user).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(user.refresh_token).toBeTypeOf('string');
    const reuse = await h.token({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: idToken,
    });
    expect(reuse.status).toBe(400);
    const scope = 'openid email profile offline_access';
    const r1 = await h.token({
      grant_type: 'refresh_token',
      refresh_token: String(user.refresh_token),
      scope,
    });
    expect(r1.status).toBe(200);
    expect(r1.json.refresh_token).not.toBe(user.refresh_token);
    const old = await h.token({
      grant_type: 'refresh_token',
      refresh_token: String(user.refresh_token),
      scope,
    });
    expect(old.status).toBe(400);
    expect(old.json.error).toBe('invalid_grant');
    // Reusing the old one revoked the whole sign-in (tokenFamilies.test.ts): the new one is dead too.
    const r2 = await h.token({
      grant_type: 'refresh_token',
      refresh_token: String(r1.json.refresh_token),
      scope,
    });
    expect(r2.status).toBe(400);
  });

  it('an id_token is exchanged once and only while fresh: a second exchange, or one after the window, is invalid_grant', async () => {
    const client = await h.clientToken();
    const signIn = async () => {
      const start = await h.authenticate('pat.password', client);
      const done = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
        token: client,
        flowState: String(start.json.flowState),
        body: { password: 'Passw0rd!' },
      });
      return String(done.json.id_token);
    };
    const exchange = (assertion: string) =>
      h.token({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
    const first = await signIn();
    expect((await exchange(first)).status).toBe(200);
    const second = await exchange(first);
    expect(second.status).toBe(400);
    expect(second.json).toMatchObject({
      error: 'invalid_grant',
      error_description: 'Assertion is invalid, expired or already used',
    });
    // Fresh from the sign-in, but read 121 s later (the id_token itself lives 300 s): refused.
    const stale = await signIn();
    await h.call('POST', '/_emulator/api/clock', {
      body: { offsetMs: (ID_TOKEN_EXCHANGE_WINDOW_SECONDS + 1) * 1000 },
    });
    expect((await exchange(stale)).json).toMatchObject({ error: 'invalid_grant' });
  });

  it("an id_token from a token reply, re-exchanged, keeps that sign-in's absolute end", async () => {
    const { refresh_token } = await h.signedIn();
    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 3_600_000 } });
    const refreshed = await h.token({ grant_type: 'refresh_token', refresh_token });
    const renewed = await h.token({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: String(refreshed.json.id_token),
    });
    expect(renewed.status).toBe(200);
    const families = (await h.call('GET', '/_emulator/api/token-families')).json as unknown as {
      endsAt: string;
    }[];
    expect(families).toHaveLength(2);
    expect(families[1]?.endsAt).toBe(families[0]?.endsAt);
  });

  it('revoke: a revoked access token gets 401 0000005; revoked refresh cannot refresh', async () => {
    const { access_token, refresh_token } = await h.signedIn();
    expect((await h.call('GET', 'factor/v1/MeCreds', { token: access_token })).status).toBe(200);
    const rev = await h.call('POST', 'oauth2/v1/revoke', {
      form: { token: access_token },
      headers: { authorization: `Basic ${Buffer.from('portal:portal-dev-secret').toString('base64')}` },
    });
    expect(rev.status).toBe(200);
    expect(rev.json).toEqual({});
    const after = await h.call('GET', 'factor/v1/MeCreds', { token: access_token });
    expect(after.status).toBe(401);
    expect(after.json).toEqual({ errorCode: '0000005', errorMessage: 'invalid access token' });
    await h.call('POST', 'oauth2/v1/revoke', {
      form: { token: refresh_token },
      headers: { authorization: `Basic ${Buffer.from('portal:portal-dev-secret').toString('base64')}` },
    });
    const refreshed = await h.token({ grant_type: 'refresh_token', refresh_token });
    expect(refreshed.status).toBe(400);
    const noToken = await h.call('POST', 'oauth2/v1/revoke', {
      form: {},
      headers: { authorization: `Basic ${Buffer.from('portal:portal-dev-secret').toString('base64')}` },
    });
    expect(noToken.status).toBe(400);
  });

  it('expired tokens get 401 0000005 (emulator clock)', async () => {
    const { access_token } = await h.signedIn();
    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 901_000 } });
    const res = await h.call('GET', 'factor/v1/MeCreds', { token: access_token });
    expect(res.status).toBe(401);
    expect(res.json.errorCode).toBe('0000005');
    const client = await h.clientToken();
    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 901_000 + 3_601_000 } });
    const auth = await h.authenticate('pat.password', client);
    expect(auth.json.errorCode).toBe('0000005');
  });
});

describe('oauth2/v1/userinfo', () => {
  it('returns name as JSON, or a signed token with Accept: application/jwt', async () => {
    const { access_token } = await h.signedIn();
    const res = await h.call('POST', 'oauth2/v1/userinfo', { form: { access_token } });
    expect(res.json).toMatchObject({ sub: 'pat.password', name: 'Pat Password' });
    const jwt = await h.call('POST', 'oauth2/v1/userinfo', {
      form: { access_token },
      headers: { accept: 'application/jwt' },
    });
    expect(jwt.headers['content-type']).toContain('application/jwt');
    expect(decodeJwt(jwt.text)).toMatchObject({ name: 'Pat Password' });
    const client = await h.clientToken();
    const bad = await h.call('POST', 'oauth2/v1/userinfo', { form: { access_token: client } });
    expect(bad.status).toBe(401);
    const empty = await h.call('POST', 'oauth2/v1/userinfo', { form: { access_token: '' } });
    expect(empty.status).toBe(400);
  });
});
