import { createHash, randomBytes } from 'node:crypto';
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningLoadBalancer, startLoadBalancer } from '../../scripts/loadBalancer.mjs';
import { type RunningRedis, startRedis } from '../../scripts/redis.mjs';
import { expect, guarded, type Page } from '../src/fixtures';
import { copyReleases, type RemoteEntry, releaseEntry } from '../src/releases';
import { freePort, type PortalStack, PROXY_PATH, startStack } from '../src/servers';
import { PASSWORD, signInToWelcome } from '../src/signIn';

// Issue 24 item 5: two portal servers behind nginx (round robin), sharing one Redis, one emulator,
// one release folder and one sealing key, as a horizontally scaled deployment runs them.

/** CSP reports per client address per window: low, to reach it in a few requests. */
const CSP_REPORT_LIMIT = 6;
const CANARY_COOKIE = '__Host-portal-canary';
const CANARY_FOLDER = '1.0.0-canary';

/** remotes.json: each remote's live build, and a canary build for a share of sessions. */
type RemotesJson = Record<string, RemoteEntry & { canary?: RemoteEntry & { percent: number } }>;

interface World {
  url: string;
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
    headers: { cookie: `${CANARY_COOKIE}=${key}` },
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
    { name: CANARY_COOKIE, value: key },
  );
  const cookie = (await page.context().cookies()).find((item) => item.name === CANARY_COOKIE);
  expect(cookie).toMatchObject({ value: key, secure: true });
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
