import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningLoadBalancer, startLoadBalancer } from '../../scripts/loadBalancer.mjs';
import { type RunningRedis, startRedis } from '../../scripts/redis.mjs';
import { expect, guarded, type Page } from '../src/fixtures';
import { copyReleases, type RemoteEntry, releaseEntry } from '../src/releases';
import { freePort, type PortalStack, PROXY_PATH, startStack } from '../src/servers';
import { PortalSession } from '../src/portalSession';
import { PASSWORD, signInToWelcome } from '../src/signIn';

// Issue 24 item 5: two portal servers behind nginx (round robin), sharing one Redis, one emulator,
// one release folder and one sealing key, as a horizontally scaled deployment runs them.

/** CSP reports per client address per window: low, to reach it in a few requests. */
const CSP_REPORT_LIMIT = 6;
/** Sign-in calls per user per window (PROXY_USER_RATE_LIMIT), and the window (RATE_LIMIT_WINDOW_S). */
const USER_LIMIT = 8;
const WINDOW_S = 20;
const CANARY_COOKIE = '__Host-portal-canary';
/** The instances' TOKEN_SEALING_KEYS: the test seals canary keys as the servers do. */
const SEALING_KEY = randomBytes(32);
const CANARY_MAC_KEY = Buffer.from(
  hkdfSync('sha256', SEALING_KEY, Buffer.alloc(0), 'portal canary session key v1', 32),
);
/** A canary key as the server deals it: the key and its MAC (portal-server remotes/canarySession.ts). */
const sealed = (key: string) =>
  `${key}.${createHmac('sha256', CANARY_MAC_KEY).update(key).digest('base64url')}`;
const CANARY_FOLDER = '1.0.0-canary';

/** remotes.json: each remote's live build, and a canary build for a share of sessions. */
type RemotesJson = Record<string, RemoteEntry & { canary?: RemoteEntry & { percent: number } }>;

interface World {
  url: string;
  redis: RunningRedis;
  stack: PortalStack;
  balancer: RunningLoadBalancer;
  remotesFile: string;
  remotes: RemotesJson;
  live: RemoteEntry;
  canary: RemoteEntry;
}

const test = guarded.extend<Record<never, never>, { world: World }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const releases = copyReleases();
      const remotesFile = path.join(releases, 'remotes.json');
      const remotes = JSON.parse(readFileSync(remotesFile, 'utf8')) as RemotesJson;
      // A second build of remote-login: the live one's files in another release folder (the
      // canary is told apart by the folder the server plans for the session).
      const liveFolder = path.basename(path.dirname(remotes.remote_login?.manifest ?? ''));
      cpSync(
        path.join(releases, 'remote-login', liveFolder),
        path.join(releases, 'remote-login', CANARY_FOLDER),
        {
          recursive: true,
        },
      );
      let redis: RunningRedis | undefined;
      let stack: PortalStack | undefined;
      let balancer: RunningLoadBalancer | undefined;
      try {
        redis = await startRedis();
        const lbPort = await freePort();
        const url = `http://localhost:${lbPort}`;
        stack = await startStack({
          instances: 2,
          publicOrigin: url,
          portalEnv: {
            RELEASES_DIR: releases,
            REMOTES_CONFIG: remotesFile,
            REDIS_URL: redis.url,
            TRUST_PROXY: '1',
            SERVICE_URL: `${url}${PROXY_PATH}`,
            CSP_REPORT_RATE_LIMIT: String(CSP_REPORT_LIMIT),
            PROXY_USER_RATE_LIMIT: String(USER_LIMIT),
            RATE_LIMIT_WINDOW_S: String(WINDOW_S),
            // Two instances share the limits: each counts half of each alone while Redis is down.
            PORTAL_INSTANCES: '2',
            TOKEN_SEALING_KEYS: SEALING_KEY.toString('base64'),
            // A restarted instance keeps answering this long after SIGTERM (the rolling restart).
            SHUTDOWN_DRAIN_MS: '1000',
          },
        });
        balancer = await startLoadBalancer({
          port: lbPort,
          upstreams: stack.instances.map((instance) => `127.0.0.1:${instance.port}`),
        });
        await use({
          url,
          redis,
          stack,
          balancer,
          remotesFile,
          remotes,
          live: releaseEntry(releases, 'remote-login', liveFolder),
          canary: releaseEntry(releases, 'remote-login', CANARY_FOLDER),
        });
      } finally {
        await balancer?.stop();
        await stack?.stop();
        await redis?.stop();
        rmSync(releases, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ world }, use) => {
    await use(world.url);
  },
});

/** The request paths one portal server has received so far (its 'incoming request' log lines). */
function received(stack: PortalStack, instance: number): string[] {
  const paths: string[] = [];
  for (const line of stack.instances[instance]?.logs ?? []) {
    try {
      const entry = JSON.parse(line) as { msg?: string; req?: { url?: string } };
      if (entry.msg === 'incoming request' && entry.req?.url) paths.push(entry.req.url);
    } catch {
      // not a JSON line
    }
  }
  return paths;
}

/** Which instances received requests whose path starts with `prefix` from now until `done()`. */
function watch(stack: PortalStack, prefix: string) {
  const before = stack.instances.map((_, index) => received(stack, index).length);
  return () =>
    stack.instances.map((_, index) =>
      received(stack, index)
        .slice(before[index])
        .filter((url) => url.startsWith(prefix)),
    );
}

/** remotes.json replaced in one step, as the release tool writes it. */
function writeRemotes(world: World, remotes: RemotesJson): void {
  const next = `${world.remotesFile}.next`;
  writeFileSync(next, JSON.stringify(remotes, null, 2));
  renameSync(next, world.remotesFile);
}

/** The remote-login manifest the server planned for this page load (its bootstrap block). */
async function plannedLogin(page: Page): Promise<string | undefined> {
  const text = await page.locator('#portal-bootstrap').textContent();
  return (JSON.parse(text ?? '{}') as { remotes?: Record<string, { manifest: string }> }).remotes
    ?.remote_login?.manifest;
}

/** The remote-login manifest /remotes.json names for this browser session, fetched by the page. */
function servedLogin(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const reply = await fetch('/remotes.json');
    return ((await reply.json()) as Record<string, { manifest: string }>).remote_login?.manifest ?? '';
  });
}

/**
 * The remote-login manifest one instance's /remotes.json names for a session holding `key`, asked
 * of that instance directly, past the balancer: which instance answers the page's own requests is
 * the balancer's round robin over every request of the run, not something a test can count on.
 */
async function servedByInstance(world: World, instance: number, key: string): Promise<string> {
  const port = world.stack.instances[instance]?.port;
  const reply = await fetch(`http://127.0.0.1:${port}/remotes.json`, {
    headers: { cookie: `${CANARY_COOKIE}=${sealed(key)}` },
  });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as Record<string, { manifest: string }>).remote_login?.manifest ?? '';
}

/** A canary key (as the server deals them) whose session is inside (or outside) a 50 % canary of remote_login. */
function canaryKey(inside: boolean): string {
  for (;;) {
    const key = randomBytes(16).toString('base64url');
    const bucket = createHash('sha256').update(`${key}\0remote_login`).digest().readUInt32BE(0) % 100;
    if (bucket < 50 === inside) return key;
  }
}

/**
 * Makes the page's browser session hold `key` as its canary key. The cookie is written (Cookie
 * Store API: Secure, on http://localhost a trustworthy origin) from a page of the portal that deals
 * no key, the cookie notice, before any page load could deal one.
 */
async function holdCanaryKey(page: Page, key: string): Promise<void> {
  await page.goto('/emea-cookies');
  await page.evaluate(
    ({ name, value }) => window.cookieStore.set({ name, value, path: '/', sameSite: 'lax' }),
    { name: CANARY_COOKIE, value: sealed(key) },
  );
  const cookie = (await page.context().cookies()).find((item) => item.name === CANARY_COOKIE);
  expect(cookie).toMatchObject({ value: sealed(key), secure: true });
}

test.describe.configure({ mode: 'serial' });

test('a password sign-in through the balancer: its calls reach both instances, and it ends on the welcome page', async ({
  page,
  world,
}) => {
  const proxied = watch(world.stack, PROXY_PATH);
  const tokenCalls = watch(world.stack, '/v1/token/');
  await signInToWelcome(page);
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();

  // Authenticate, the password and the welcome page's calls went through the SSO proxy of both
  // (the balancer's round robin for the proxy's calls alternates them). An instance's log line
  // reaches this process through its output pipe, possibly after the reply: polled.
  await expect
    .poll(() => proxied().map((calls) => calls.length > 0), {
      message: 'sign-in calls proxied by each instance',
    })
    .toEqual([true, true]);
  await expect.poll(() => tokenCalls().flat().length).toBeGreaterThan(0);
  // The balancer spread the calls over both upstreams, one after the other.
  const upstreams = new Set(
    world.balancer
      .accessLog()
      .filter((line) => line.includes(PROXY_PATH))
      .map((line) => line.split(' ').at(-1)),
  );
  expect(upstreams.size).toBe(2);
});

test('a rate limit counts across both instances: the request after the limit is refused', async ({
  world,
}) => {
  // Sent from here, not from a page: nothing else goes through the balancer meanwhile (a page's
  // own background requests would shift the round robin and could send every report to one).
  const reports = watch(world.stack, '/csp-report');
  const statuses: number[] = [];
  for (let index = 0; index <= CSP_REPORT_LIMIT; index += 1) {
    const reply = await fetch(`${world.url}/csp-report`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src-elem' } }),
    });
    statuses.push(reply.status);
  }

  expect(statuses).toEqual([...Array<number>(CSP_REPORT_LIMIT).fill(204), 429]);
  // An instance's log line reaches this process through its output pipe, possibly after the reply.
  await expect.poll(() => reports().flat().length).toBe(CSP_REPORT_LIMIT + 1);
  const [one = [], two = []] = reports();
  // Neither instance alone received more than the limit: counted apart, none would have refused.
  expect(one.length).toBeGreaterThan(0);
  expect(two.length).toBeGreaterThan(0);
  expect(Math.max(one.length, two.length)).toBeLessThanOrEqual(CSP_REPORT_LIMIT);
});

test('a 50 % canary keeps each browser in its cohort on both instances, and a promotion reaches both at the next page load', async ({
  browser,
  world,
}) => {
  writeRemotes(world, {
    ...world.remotes,
    remote_login: { ...world.live, canary: { ...world.canary, percent: 50 } },
  });
  const inside = await browser.newContext({ baseURL: world.url });
  const outside = await browser.newContext({ baseURL: world.url });
  try {
    const sessions = [
      { page: await inside.newPage(), key: canaryKey(true), build: world.canary.manifest },
      { page: await outside.newPage(), key: canaryKey(false), build: world.live.manifest },
    ];
    for (const { page, key } of sessions) await holdCanaryKey(page, key);
    for (const { page, key, build } of sessions) {
      const pages = watch(world.stack, '/direct');
      for (let load = 0; load < 3; load += 1) {
        await page.goto('/direct');
        await expect(page.getByLabel('User ID')).toBeVisible();
        expect(await plannedLogin(page)).toBe(build);
        expect(await servedLogin(page)).toBe(build);
      }
      await expect.poll(() => pages().flat().length).toBe(3);
      // Each instance, asked itself, gives this session the same build.
      for (const instance of [0, 1]) expect(await servedByInstance(world, instance, key)).toBe(build);
    }

    // The promotion: the canary build becomes the live one, the canary ends.
    writeRemotes(world, { ...world.remotes, remote_login: world.canary });
    for (const { page, key } of sessions) {
      await page.goto('/direct');
      await expect(page.getByLabel('User ID')).toBeVisible();
      expect(await plannedLogin(page)).toBe(world.canary.manifest);
      expect(await servedLogin(page)).toBe(world.canary.manifest);
      for (const instance of [0, 1])
        expect(await servedByInstance(world, instance, key)).toBe(world.canary.manifest);
    }
  } finally {
    writeRemotes(world, world.remotes);
    await inside.close();
    await outside.close();
  }
});

/** The balancer's access log from `from` on: method, path, status and upstream of each request. */
function balanced(world: World, from: number) {
  return world.balancer
    .accessLog()
    .slice(from)
    .map((line) => {
      const [method = '', uri = '', status = '', upstream = ''] = line.split(' ');
      return { method, uri, status: Number(status), upstream };
    });
}

test('wrong passwords for one user through both instances stop at the per-user limit, authenticate counted too', async ({
  world,
}) => {
  const logged = world.balancer.accessLog().length;
  const statuses: number[] = [];
  // Three fresh flows of one user with 2, 2 and 4 wrong passwords: a new flow buys no new tries,
  // whichever instance began it (the balancer alternates the proxy's calls between the two).
  for (const guesses of [2, 2, 4]) {
    const session = new PortalSession(world.url);
    await session.start();
    statuses.push((await session.authenticate('chris.change')).status);
    for (let guess = 0; guess < guesses; guess += 1) {
      const reply = await session.sso('POST', 'factor/v1/PasswordAuthenticator', {
        password: `Wrong-${statuses.length}!`,
        deviceTag: true,
      });
      statuses.push(reply.status);
    }
  }
  expect(statuses.slice(0, USER_LIMIT).filter((status) => status === 429)).toEqual([]);
  expect(statuses.slice(USER_LIMIT)).toEqual([429, 429, 429]);
  // Nor does another flow begin: authenticate is counted under the subject it names.
  const late = new PortalSession(world.url);
  await late.start();
  const refused = await late.authenticate('chris.change');
  expect(refused.status).toBe(429);
  expect(refused.body.errorCode).toBe('PORTAL_RATE_LIMITED');
  const passwords = balanced(world, logged).filter((call) => call.uri.endsWith('PasswordAuthenticator'));
  // Both instances took guesses and refused them; only those inside the limit reached the SSO.
  expect(new Set(passwords.map((call) => call.upstream)).size).toBe(2);
  expect(new Set(passwords.filter((call) => call.status === 429).map((call) => call.upstream)).size).toBe(2);
  // Flows 1 and 2 (authenticate, two guesses), then flow 3's authenticate and first guess: 8.
  expect(passwords.filter((call) => call.status !== 429)).toHaveLength(5);
  expect(passwords.filter((call) => call.status === 429)).toHaveLength(3);
});

test('a contributed call that tries a secret (the recovery code) is counted under its user on both instances', async ({
  world,
}) => {
  const session = new PortalSession(world.url);
  await session.start();
  expect((await session.authenticate('rory.recovery')).body.nextaction).toBe('PASSWORD_AUTH');
  expect((await session.password()).status).toBe(200);
  const chosen = await session.sso('POST', 'auth/v1/SelectedFactor', { factor: 'RECOVERYCODE' });
  expect(chosen.body.nextaction).toBe('RECOVERYCODE_AUTH');
  // authenticate, the password and the choice are 3 of the user's 8: five codes go on (the last
  // of them meets the SSO's own lockout), then the portal refuses before the SSO hears of it.
  const codes: { status: number; code: unknown }[] = [];
  for (let guess = 0; guess < 7; guess += 1) {
    const reply = await session.sso('POST', 'factor/v1/RecoveryCodeAuthenticator', {
      code: `WRONG${guess}XXXX`,
    });
    codes.push({ status: reply.status, code: reply.body.errorCode });
  }
  expect(codes.slice(0, 5).map((reply) => reply.status)).not.toContain(429);
  expect(codes.slice(5)).toEqual([
    { status: 429, code: 'PORTAL_RATE_LIMITED' },
    { status: 429, code: 'PORTAL_RATE_LIMITED' },
  ]);
});

/** A counter's total over both instances' /metrics (every series whose labels include `labels`). */
async function metricTotal(world: World, name: string, labels: Record<string, string>): Promise<number> {
  let total = 0;
  for (const instance of world.stack.instances) {
    const text = await (await fetch(`http://127.0.0.1:${instance.port}/metrics`)).text();
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${name}{`)) continue;
      if (Object.entries(labels).every(([label, value]) => line.includes(`${label}="${value}"`)))
        total += Number(line.split(' ').at(-1));
    }
  }
  return total;
}

/** The audit lines of one event both instances have written so far. */
function auditEvents(world: World, event: string): Record<string, unknown>[] {
  return world.stack.instances.flatMap((instance) =>
    instance.logs.flatMap((line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        return entry.audit === true && entry.event === event ? [entry] : [];
      } catch {
        return [];
      }
    }),
  );
}

test('records a browser sends are bound to a session the server issued: forged idle-logout events and beacons are refused', async ({
  world,
}) => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${world.url}${path}`, {
      method: 'POST',
      headers: { origin: world.url, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const idle = 'session.idle-logout';
  const before = auditEvents(world, idle).length;
  // Another user's name, a made-up handle, no handle: no line in either instance's trail.
  expect((await post('/v1/audit/events', { event: idle, userName: 'pat.password' })).status).toBe(400);
  const madeUp = await post('/v1/audit/events', { event: idle, refresh_token: `rh1.${'A'.repeat(43)}` });
  expect(madeUp.status).toBe(401);
  expect(await madeUp.json()).toMatchObject({ errorCode: 'PORTAL_NO_SESSION' });
  expect((await post('/v1/audit/events', { event: idle })).status).toBe(401);

  // A real sign-in's handle with its sealed cookie: taken, under the sealed user, on either instance.
  const session = new PortalSession(world.url);
  await session.start();
  await session.authenticate('pat.password');
  const signedIn = await session.password();
  expect(signedIn.body.nextaction).toBe('AUTH_ALLOWED');
  const cookie = [...session.refreshCookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const handle = String(signedIn.body.refresh_token);
  expect((await post('/v1/audit/events', { event: idle, refresh_token: handle }, { cookie })).status).toBe(
    204,
  );
  await expect.poll(() => auditEvents(world, idle).length).toBe(before + 1);
  expect(auditEvents(world, idle).at(-1)).toMatchObject({ source: 'browser' });
  expect(auditEvents(world, idle).at(-1)?.userKey).toEqual(expect.any(String));

  // Beacons: a key the sender chose, or a sealed one with its MAC changed, counts nowhere.
  const release = path.basename(path.dirname(world.live.manifest));
  const live = { remote: 'remote_login', release, cohort: 'live' };
  const beacon = (cookieValue: string | undefined) =>
    fetch(`${world.url}/v1/beacon`, {
      method: 'POST',
      headers: {
        origin: world.url,
        'content-type': 'text/plain;charset=UTF-8',
        ...(cookieValue === undefined ? {} : { cookie: `${CANARY_COOKIE}=${cookieValue}` }),
      },
      body: JSON.stringify({
        events: [
          { remote: 'remote_login', release, kind: 'loaded' },
          { remote: 'remote_login', release, kind: 'boundary', first: true },
        ],
      }),
    });
  const sessions = await metricTotal(world, 'portal_beacon_sessions_total', live);
  const errors = await metricTotal(world, 'portal_beacon_sessions_with_error_total', live);
  const key = canaryKey(false);
  const tampered = `${sealed(key).slice(0, -2)}${sealed(key).endsWith('AA') ? 'BB' : 'AA'}`;
  for (const forged of [key, tampered, undefined]) {
    const reply = await beacon(forged);
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ errorCode: 'PORTAL_NO_SESSION' });
  }
  expect(await metricTotal(world, 'portal_beacon_sessions_total', live)).toBe(sessions);
  expect(await metricTotal(world, 'portal_beacon_sessions_with_error_total', live)).toBe(errors);
  // The same beacon from a session the server sealed is counted, once, in its cohort.
  expect((await beacon(sealed(key))).status).toBe(204);
  await expect.poll(() => metricTotal(world, 'portal_beacon_sessions_total', live)).toBe(sessions + 1);
  expect(await metricTotal(world, 'portal_beacon_sessions_with_error_total', live)).toBe(errors + 1);
});

test('a rolling restart loses no sign-in step: an instance drains, exits 0 and comes back mid sign-in', async ({
  page,
  world,
}) => {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('pat.password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  const logged = world.balancer.accessLog().length;

  // SIGTERM to the first instance: it drains (still answering, each reply closing its connection),
  // stops accepting, finishes what it holds and exits; the password step goes on meanwhile.
  const restarted = world.stack.instances[0]?.restart();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
  expect(await restarted).toEqual({ exitCode: 0 });

  // Every call of the sign-in was answered by an instance: none failed at the balancer.
  const calls = world.balancer.accessLog().slice(logged);
  expect(calls.some((line) => line.includes('PasswordAuthenticator'))).toBe(true);
  expect(calls.filter((line) => / 5\d\d /.test(line))).toEqual([]);
  // The restarted instance serves again.
  const ready = await fetch(`http://127.0.0.1:${world.stack.instances[0]?.port}/readyz`);
  expect(ready.status).toBe(200);
});

test('Redis stopped mid-run: sign-ins still complete, the outage is logged once, shown in metrics and /dependencies, /readyz stays 200', async ({
  browser,
  page,
  world,
}) => {
  const instances = world.stack.instances;
  const direct = (instance: number, path: string) =>
    fetch(`http://127.0.0.1:${instances[instance]?.port}${path}`);
  for (const instance of [0, 1]) expect((await direct(instance, '/dependencies')).status).toBe(200);
  const logged = world.balancer.accessLog().length;

  // Stopped in the middle of a sign-in: the User ID step counted in Redis, the password without it.
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('pat.password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await world.redis.stop();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();

  const outageLines = (instance: number) =>
    (instances[instance]?.logs ?? []).filter((line) => line.includes('shared store unreachable'));
  for (const instance of [0, 1]) {
    // Each instance noticed (its connection dropped) and said so once, whatever it served since.
    await expect.poll(() => outageLines(instance).length).toBe(1);
    expect((await direct(instance, '/readyz')).status).toBe(200);
    const dependencies = await direct(instance, '/dependencies');
    expect(dependencies.status).toBe(503);
    expect(await dependencies.json()).toMatchObject({
      status: 'failing',
      dependencies: { redis: { state: 'failing', outages: 1 }, sso: { state: 'ok' } },
    });
    const metrics = await (await direct(instance, '/metrics')).text();
    expect(metrics).toMatch(/^portal_dependency_up\{dependency="redis"\} 0$/m);
    expect(metrics).toMatch(/^portal_dependency_outages_total\{dependency="redis"\} 1$/m);
  }

  // A whole sign-in in another browser, begun after the outage began.
  const other = await browser.newContext({ baseURL: world.url });
  try {
    await signInToWelcome(await other.newPage());
  } finally {
    await other.close();
  }
  // Nothing failed at the balancer, and the outage is still one line per instance.
  expect(balanced(world, logged).filter((call) => call.status >= 500)).toEqual([]);
  for (const instance of [0, 1]) expect(outageLines(instance)).toHaveLength(1);
});
