import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_PREFIX } from '../src/tokens/custody/refreshCookie.js';
import {
  REFRESH_COOKIES_PER_BROWSER,
  REFRESH_IDLE_SECONDS,
  RefreshTokenCustody,
} from '../src/tokens/custody/refreshTokenCustody.js';
import { TokenSealer } from '../src/tokens/custody/tokenSealer.js';
import { TEST_SEALING_KEY } from './helpers/fixtures.js';

const START = 1_800_000_000_000;
const TWELVE_HOURS = 43_200;

/** The custody on a clock the test moves, behind two routes a browser would reach through the token calls. */
describe('refresh custody on a clock: idle limit and absolute lifetime', () => {
  let now = START;
  let app: FastifyInstance;

  beforeAll(async () => {
    const custody = new RefreshTokenCustody(
      new TokenSealer({ keys: [TEST_SEALING_KEY], purpose: REFRESH_COOKIE_PREFIX }),
      {
        maxAgeSeconds: TWELVE_HOURS,
        idleSeconds: REFRESH_IDLE_SECONDS,
        maxCookies: REFRESH_COOKIES_PER_BROWSER,
      },
      () => now,
    );
    app = Fastify();
    app.post<{ Body: { user: string; previous?: string } }>('/sign-in', async (request, reply) => {
      const previous =
        request.body.previous === undefined ? undefined : custody.held(request, request.body.previous);
      const begun = custody.begin(request, reply, `refresh-${request.body.user}`, {
        user: request.body.user,
        ...(previous?.ok ? { previous } : {}),
      });
      return { handle: begun.handle };
    });
    app.post<{ Body: { handle: string } }>('/refresh', async (request, reply) => {
      const held = custody.held(request, request.body.handle);
      if (!held.ok) return reply.code(401).send({ reason: held.reason });
      custody.renew(reply, held, `${held.token}+`);
      return { since: held.since };
    });
    await app.ready();
  });

  afterAll(() => app.close());

  const jarOf = (response: LightMyRequestResponse) =>
    Object.fromEntries(response.cookies.filter((c) => c.value !== '').map((c) => [c.name, c.value]));

  async function signIn(user: string, previous?: { handle: string; jar: Record<string, string> }) {
    const response = await app.inject({
      method: 'POST',
      url: '/sign-in',
      payload: { user, ...(previous ? { previous: previous.handle } : {}) },
      cookies: previous?.jar ?? {},
    });
    return { handle: String(response.json().handle), jar: jarOf(response) };
  }

  const refresh = (session: { handle: string; jar: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url: '/refresh',
      payload: { handle: session.handle },
      cookies: session.jar,
    });

  it('a refresh after 10 idle minutes is refused; one within them passes and restarts the count', async () => {
    now = START;
    const session = await signIn('pat.password');
    now += (REFRESH_IDLE_SECONDS - 1) * 1000;
    const first = await refresh(session);
    expect(first.statusCode).toBe(200);
    const renewed = { ...session, jar: jarOf(first) };
    now += (REFRESH_IDLE_SECONDS - 1) * 1000;
    expect((await refresh(renewed)).statusCode).toBe(200);
    now += (REFRESH_IDLE_SECONDS + 1) * 1000;
    const idle = await refresh(renewed);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toEqual({ reason: 'idle' });
  });

  it('the 12 h lifetime counts from the first sign-in, across refreshes and a re-exchange of the same user', async () => {
    now = START;
    let session = await signIn('pat.password');
    // Refreshed every 9 minutes for 6 hours, then the page exchanges an id_token again.
    for (let minute = 9; minute <= 360; minute += 9) {
      now = START + minute * 60_000;
      const response = await refresh(session);
      expect(response.statusCode).toBe(200);
      session = { ...session, jar: jarOf(response) };
    }
    session = await signIn('pat.password', session);
    for (let minute = 369; minute <= 720; minute += 9) {
      now = START + minute * 60_000;
      const response = await refresh(session);
      expect(response.json()).toEqual({ since: START / 1000 });
      session = { ...session, jar: jarOf(response) };
    }
    now = START + (TWELVE_HOURS + 60) * 1000;
    const late = await refresh(session);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ reason: 'expired' });
  });

  it('another user signing in in that page starts a new clock', async () => {
    now = START;
    const pat = await signIn('pat.password');
    now = START + 3_600_000;
    const sam = await signIn('sam.sms', pat);
    const response = await refresh(sam);
    expect(response.json()).toEqual({ since: START / 1000 + 3600 });
  });
});
