import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from './harness.js';

const SCOPE = 'openid email profile offline_access';
const BASIC = `Basic ${Buffer.from('portal:portal-dev-secret').toString('base64')}`;
const HOUR_MS = 3600_000;

let h: Harness;
afterEach(() => h.close());

const refresh = (refreshToken: string) =>
  h.token({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: SCOPE });
const meCreds = (accessToken: string) => h.call('GET', 'factor/v1/MeCreds', { token: accessToken });
const shiftClock = (offsetMs: number) => h.call('POST', '/_emulator/api/clock', { body: { offsetMs } });
const families = async () =>
  JSON.parse((await h.call('GET', '/_emulator/api/token-families')).text) as Array<{
    userName: string;
    state: string;
    refreshTokens: Array<{ token: string; status: string }>;
  }>;

describe('refresh-token rotation with reuse detection', () => {
  it('each refresh returns a new refresh token and retires the old one', async () => {
    h = await Harness.start();
    const first = await h.signedIn();
    const r1 = await refresh(first.refresh_token);
    expect(r1.status).toBe(200);
    const second = String(r1.json.refresh_token);
    expect(second).not.toBe(first.refresh_token);
    // One family: the same sign-in.
    expect(decodeJwt(second).fam).toBe(decodeJwt(first.refresh_token).fam);
    expect(decodeJwt(String(r1.json.access_token)).fam).toBe(decodeJwt(first.refresh_token).fam);
    const [family] = await families();
    expect(family).toMatchObject({
      userName: 'pat.password',
      state: 'active',
      refreshTokens: [
        { token: first.refresh_token, status: 'retired' },
        { token: second, status: 'current' },
      ],
    });
    expect((await refresh(second)).status).toBe(200);
  });

  it('reusing a retired refresh token revokes the whole family: every access and refresh token of that sign-in', async () => {
    h = await Harness.start();
    const first = await h.signedIn();
    const r1 = await refresh(first.refresh_token);
    const [current, currentAccess] = [String(r1.json.refresh_token), String(r1.json.access_token)];
    expect((await meCreds(currentAccess)).status).toBe(200);

    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({
      error: 'invalid_grant',
      error_description: 'Refresh token reuse detected: every token of this sign-in is revoked',
    });
    // The legitimate holder's tokens die with it.
    expect((await refresh(current)).status).toBe(400);
    expect((await meCreds(currentAccess)).status).toBe(401);
    expect((await meCreds(first.access_token)).status).toBe(401);
    expect((await families())[0]?.state).toBe('reuse');
  });

  it("another sign-in's family is untouched by a reuse", async () => {
    h = await Harness.start();
    const mine = await h.signedIn();
    const other = await h.signedIn();
    await refresh(mine.refresh_token);
    await refresh(mine.refresh_token);
    expect((await meCreds(other.access_token)).status).toBe(200);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('revoking a refresh token (logout) ends its family, its access token included (RFC 7009)', async () => {
    h = await Harness.start();
    const tokens = await h.signedIn();
    const revoked = await h.call('POST', 'oauth2/v1/revoke', {
      form: { token: tokens.refresh_token },
      headers: { authorization: BASIC },
    });
    expect(revoked.status).toBe(200);
    expect((await meCreds(tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
    expect((await families())[0]?.state).toBe('revoked');
  });
});

describe('absolute session lifetime', () => {
  it('refreshing works up to 12 hours after the sign-in (default), then ends, however often it was refreshed', async () => {
    h = await Harness.start();
    let token = (await h.signedIn()).refresh_token;
    // Refreshed every 7 hours: each refresh token lives 8 hours, but never past the session's end.
    await shiftClock(7 * HOUR_MS);
    const r1 = await refresh(token);
    expect(r1.status).toBe(200);
    token = String(r1.json.refresh_token);
    const { exp, iat } = decodeJwt(token);
    expect((exp ?? 0) - (iat ?? 0)).toBeLessThanOrEqual(5 * 3600);
    await shiftClock(12 * HOUR_MS - 60_000);
    const r2 = await refresh(token);
    expect(r2.status).toBe(200);
    token = String(r2.json.refresh_token);
    await shiftClock(12 * HOUR_MS);
    const ended = await refresh(token);
    expect(ended.status).toBe(400);
    expect(ended.json).toMatchObject({ error: 'invalid_grant' });
  });

  it('is configurable (EMULATOR_SESSION_LIFETIME_S)', async () => {
    h = await Harness.start({ EMULATOR_SESSION_LIFETIME_S: '3600' });
    const { refresh_token } = await h.signedIn();
    // A minute short of the hour: real time passes as well (a loaded CI machine took over a second
    // between the sign-in and this refresh), and only the shifted part is the test's to count.
    await shiftClock(HOUR_MS - 60_000);
    const r1 = await refresh(refresh_token);
    expect(r1.status).toBe(200);
    // The rotated token expires with the session, not 8 hours later.
    expect((decodeJwt(String(r1.json.refresh_token)).exp ?? 0) * 1000).toBeLessThanOrEqual(
      Date.now() + HOUR_MS,
    );
    await shiftClock(HOUR_MS);
    expect((await refresh(String(r1.json.refresh_token))).status).toBe(400);
  });

  it('refuses a lifetime that is not a whole number of seconds', async () => {
    await expect(Harness.start({ EMULATOR_SESSION_LIFETIME_S: '12h' })).rejects.toThrow(
      'Invalid environment variable EMULATOR_SESSION_LIFETIME_S',
    );
    h = await Harness.start();
  });
});
