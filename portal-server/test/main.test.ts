import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { startUpstreamStub } from './helpers/upstreamStub.js';
import {
  createFixtureDirs,
  devPortalConfigFile,
  type FixtureDirs,
  INDEX_HTML,
  packageDir,
} from './helpers/fixtures.js';

/**
 * The CLI is compiled into a scratch copy of the package (dist/ and the content/ it reads beside
 * it) so this test does not depend on (or race with) `build`.
 */
const scratchDir = path.join(packageDir, '.tmp', `main-test-${process.pid}`);
const outDir = path.join(scratchDir, 'dist');
const mainJs = path.join(outDir, 'main.js');

function run(env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, mainJs], {
    // A loaded test machine may stall a process for a second: no load shedding here.
    env: {
      PATH: process.env.PATH ?? '',
      PORTAL_CONFIG: devPortalConfigFile,
      OVERLOAD_MAX_LAG_MS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(stream: NodeJS.ReadableStream | null): () => string {
  let text = '';
  stream?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return () => text;
}

describe('main.js', () => {
  let dirs: FixtureDirs;

  beforeAll(() => {
    dirs = createFixtureDirs();
    execFileSync(
      process.execPath,
      [
        path.join(packageDir, 'node_modules/typescript/bin/tsc'),
        '-p',
        'tsconfig.build.json',
        '--outDir',
        outDir,
      ],
      { cwd: packageDir },
    );
    cpSync(path.join(packageDir, 'content'), path.join(scratchDir, 'content'), { recursive: true });
    cpSync(path.join(packageDir, 'themes'), path.join(scratchDir, 'themes'), { recursive: true });
  }, 60000);

  afterAll(() => {
    dirs.cleanup();
    rmSync(scratchDir, { recursive: true, force: true });
    try {
      rmdirSync(path.dirname(scratchDir)); // only when no other run still uses it
    } catch {
      // not empty: another test run is compiling there too
    }
  });

  it('stops with exit code 1 and a message naming a bad variable', async () => {
    const child = run({ PORT: 'eighty', SSO_CLIENT_SECRET: 'never-print-me' });
    const stderr = collect(child.stderr);
    const stdout = collect(child.stdout);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr()).toContain('Invalid environment variable PORT');
    expect(stderr() + stdout()).not.toContain('never-print-me');
    expect(stdout()).not.toContain('listening');
  });

  it('refuses to start in production without its variables, naming each, with exit code 1', async () => {
    const child = run({
      NODE_ENV: 'production',
      PORT: '0',
      HOST_DIST: dirs.hostDist,
      RELEASES_DIR: dirs.releasesDir,
      SSO_BASE_URL: 'http://sso.example.com/tenant-a/',
      SSO_CLIENT_SECRET: 'portal-dev-secret',
    });
    const stderr = collect(child.stderr);
    const stdout = collect(child.stdout);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const line = JSON.parse(stderr().trim()) as { msg: string };
    expect(line.msg).toContain('Invalid environment variable SSO_BASE_URL: must be an https URL');
    expect(line.msg).toContain(
      'Invalid environment variable SSO_CLIENT_SECRET: must not be the development secret',
    );
    expect(line.msg).toContain(
      "Invalid environment variable PUBLIC_ORIGIN: must be set to the portal's https origin",
    );
    expect(stdout()).not.toContain('listening');
  });

  it('refuses to start when NODE_ENV is unset but PUBLIC_ORIGIN is https, naming both', async () => {
    const child = run({
      PORT: '0',
      HOST_DIST: dirs.hostDist,
      RELEASES_DIR: dirs.releasesDir,
      PUBLIC_ORIGIN: 'https://portal.example.com',
    });
    const stderr = collect(child.stderr);
    const stdout = collect(child.stdout);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const line = JSON.parse(stderr().trim()) as { msg: string };
    expect(line.msg).toMatch(/^Missing environment variable NODE_ENV: PUBLIC_ORIGIN is https/);
    expect(stdout()).not.toContain('listening');
  });

  it('refuses to start in production with a theme that fails contrast, naming THEME_FILE and the pair', async () => {
    // Everything production asks for is set: the theme alone stops it.
    const themeFile = path.join(dirs.root, 'low-contrast-theme.json');
    writeFileSync(themeFile, JSON.stringify({ colors: { brand: '#7fd3ff', onBrand: '#ffffff' } }));
    const child = run({
      NODE_ENV: 'production',
      PORT: '0',
      HOST_DIST: dirs.hostDist,
      RELEASES_DIR: dirs.releasesDir,
      SSO_BASE_URL: 'https://sso.example.com/tenant-a/',
      SSO_CLIENT_SECRET: 'a-real-secret-from-the-vault',
      PUBLIC_ORIGIN: 'https://portal.example.com',
      TOKEN_SEALING_KEYS: Buffer.alloc(32, 7).toString('base64'),
      AUDIT_PSEUDONYM_KEY: Buffer.alloc(32, 5).toString('base64'),
      METRICS: 'off',
      THEME_FILE: themeFile,
    });
    const stderr = collect(child.stderr);
    const stdout = collect(child.stdout);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const line = JSON.parse(stderr().trim()) as { msg: string };
    expect(line.msg).toMatch(
      /^Invalid environment variable THEME_FILE: light: on-brand text #ffffff on brand #7fd3ff is 1\.\d\d:1, needs 4\.5:1/,
    );
    expect(stdout()).not.toContain('listening');
  });

  it('refuses to start with a malformed content file, naming the file, with exit code 1', async () => {
    const file = path.join(scratchDir, 'content', 'fr-FR', 'emea-cookies.json');
    const words = readFileSync(file, 'utf8');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(words), title: '' }));
    try {
      const child = run({ PORT: '0', HOST_DIST: dirs.hostDist, RELEASES_DIR: dirs.releasesDir });
      const stderr = collect(child.stderr);
      const stdout = collect(child.stdout);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      const line = JSON.parse(stderr().trim()) as { msg: string };
      expect(line.msg).toBe(`Start-up failed: ${file} is invalid: title: must not be empty`);
      expect(stdout()).not.toContain('listening');
    } finally {
      writeFileSync(file, words);
    }
  });

  it('prints exactly one listening line with the URL to open, and serves there', async () => {
    const child = run({
      PORT: '0',
      HOST_DIST: dirs.hostDist,
      RELEASES_DIR: dirs.releasesDir,
      SSO_CLIENT_SECRET: 'never-print-me',
    });
    const stderr = collect(child.stderr);
    const lines: string[] = [];
    try {
      const listening = await new Promise<string>((resolve, reject) => {
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr()}`)));
        createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
          lines.push(line);
          if (line.includes('"msg":"listening"')) resolve(line);
        });
      });
      expect(listening).toMatch(/^\{"msg":"listening","url":"http:\/\/localhost:\d+\/"\}$/);
      const { url } = JSON.parse(listening) as { url: string };
      expect(url).not.toBe('http://localhost:0/');
      const page = await fetch(new URL('direct', url), { headers: { accept: 'text/html' } });
      expect(await page.text()).toBe(INDEX_HTML);
      expect(page.headers.get('reporting-endpoints')).toBe(`csp-endpoint="${url}csp-report"`);
      expect(lines.filter((line) => line.includes('"msg":"listening"'))).toHaveLength(1);
      expect(lines.join('\n') + stderr()).not.toContain('never-print-me');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('drains on SIGTERM: readyz 503 at once, the slow request in flight completes, then new connections are refused, exit 0', async () => {
    const sso = await startUpstreamStub('/default/');
    // The SSO holds the first call's reply until the test lets it go.
    let arrived: (response: ServerResponse) => void = () => {};
    const held = new Promise<ServerResponse>((resolve) => {
      arrived = resolve;
    });
    sso.handle((_request, response) => arrived(response));
    const child = run({
      PORT: '0',
      HOST_DIST: dirs.hostDist,
      RELEASES_DIR: dirs.releasesDir,
      SSO_BASE_URL: sso.baseUrl,
      SHUTDOWN_DRAIN_MS: '1500',
      SHUTDOWN_TIMEOUT_MS: '30000',
    });
    const stderr = collect(child.stderr);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const seen: string[] = [];
    const waiters: { text: string; resolve: () => void }[] = [];
    const lineWith = (text: string) =>
      new Promise<void>((resolve) => {
        if (seen.some((line) => line.includes(text))) resolve();
        else waiters.push({ text, resolve });
      });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      seen.push(line);
      for (const waiter of waiters) if (line.includes(waiter.text)) waiter.resolve();
    });
    try {
      await lineWith('"msg":"listening"');
      const listening = seen.find((line) => line.includes('"msg":"listening"')) as string;
      const { url } = JSON.parse(listening) as { url: string };
      const slow = fetch(new URL('common/portal/proxy/auth/v1/authenticate', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'pat.password' }),
      });
      slow.catch(() => {}); // awaited below; a failed test must not leave it unhandled
      const response = await held;

      child.kill('SIGTERM');
      await lineWith('draining');
      const ready = await fetch(new URL('readyz', url));
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not ready', checks: { shutdown: 'draining' } });
      expect((await fetch(new URL('healthz', url))).status).toBe(200);

      await lineWith('closing');
      // The listening socket closes right after that line: a new connection is refused.
      const port = Number(new URL(url).port);
      let outcome = '';
      for (let tries = 0; tries < 50 && outcome !== 'ECONNREFUSED'; tries += 1) {
        outcome = await new Promise<string>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.destroy();
            resolve('connected');
          });
          socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
        });
        if (outcome === 'connected') await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(outcome).toBe('ECONNREFUSED');

      response.writeHead(200, { 'content-type': 'application/json' }).end('{"nextaction":"PASSWORD_AUTH"}');
      const finished = await slow;
      expect(finished.status).toBe(200);
      expect(await finished.json()).toEqual({ nextaction: 'PASSWORD_AUTH' });
      expect(await exited, stderr()).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await sso.close();
    }
  }, 30000);

  it('exits at once on a second signal while draining', async () => {
    const child = run({
      PORT: '0',
      HOST_DIST: dirs.hostDist,
      RELEASES_DIR: dirs.releasesDir,
      SHUTDOWN_DRAIN_MS: '600000',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const stderr = collect(child.stderr);
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    try {
      await new Promise<void>((resolve, reject) => {
        child.on('exit', (code) => reject(new Error(`exited with ${code} before draining: ${stderr()}`)));
        lines.on('line', (line) => {
          if (line.includes('"msg":"listening"')) child.kill('SIGTERM');
          if (line.includes('draining')) resolve();
        });
      });
      child.kill('SIGTERM');
      expect(await exited).toBe(1);
    } finally {
      child.kill('SIGKILL');
    }
  }, 30000);

  /**
   * Module hooks (node --import) that report every module whose URL names OpenTelemetry, through
   * a message port to stderr as `loaded <url>` lines.
   */
  function otelWatcher(): string[] {
    const hooks = path.join(scratchDir, 'otel-hooks.mjs');
    writeFileSync(
      hooks,
      `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (/opentelemetry|@fastify\\/otel/.test(result.url)) port.postMessage(result.url);
  return result;
}
`,
    );
    const register = path.join(scratchDir, 'otel-watch.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => process.stderr.write('loaded ' + url + '\\n'));
port1.unref();
register(${JSON.stringify(new URL(`file://${hooks}`).href)}, { data: { port: port2 }, transferList: [port2] });
`,
    );
    return ['--import', register];
  }

  it('loads no OpenTelemetry module without OTEL_EXPORTER_OTLP_ENDPOINT, and loads it with one', async () => {
    const started = async (env: Record<string, string>) => {
      const child = run(
        { PORT: '0', HOST_DIST: dirs.hostDist, RELEASES_DIR: dirs.releasesDir, ...env },
        otelWatcher(),
      );
      const stderr = collect(child.stderr);
      await new Promise<void>((resolve, reject) => {
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr()}`)));
        createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
          if (line.includes('"msg":"listening"')) resolve();
        });
      });
      const loaded = () =>
        stderr()
          .split('\n')
          .filter((line) => line.startsWith('loaded '));
      return { child, loaded };
    };
    // Listening: everything start-up imports has been imported.
    const without = await started({});
    try {
      expect(without.loaded()).toEqual([]);
    } finally {
      without.child.kill('SIGKILL');
    }
    const withEndpoint = await started({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9/' });
    try {
      const both = () => {
        const urls = withEndpoint.loaded().join('\n');
        return urls.includes('@opentelemetry/sdk-node') && urls.includes('@fastify/otel');
      };
      await expect.poll(both, { timeout: 10_000 }).toBe(true);
    } finally {
      withEndpoint.child.kill('SIGKILL');
    }
  }, 30000);
});
