import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canaryBucket } from '../src/remotes/canarySession.js';
import { canaryCookie, canaryKeyIn, dealtCanaryCookie } from './helpers/canaryCookies.js';
import { buildServer } from '../src/server.js';
import {
  createFixtureDirs,
  type FixtureDirs,
  HASHED_ASSET,
  sha384Of,
  testConfig,
} from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

interface HostRelease {
  release: string;
  integrity: string;
  main: string;
}

/**
 * A host release folder as `node scripts/release.mjs stage host` leaves it: index.html (marked with
 * its label), its main script and the script's brotli copy, first-load.json, mf-manifest.json and
 * integrity.json recording each file's sha384. host.json names it by the sha384 of integrity.json.
 */
function writeHostRelease(releasesDir: string, release: string, label: string): HostRelease {
  const folder = path.join(releasesDir, 'host', release);
  mkdirSync(folder, { recursive: true });
  const main = `main.${label === 'one' ? '1111111111' : '2222222222'}.js`;
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><meta name="build" content="host-${label}"><script defer src="/${main}"></script></head><body><div id="root"></div></body></html>`,
    [main]: `console.log("host ${label}");`,
    [`${main}.br`]: `(brotli of host ${label})`,
    'first-load.json': JSON.stringify({ host: { js: [], css: [] }, routes: [], homePath: '/' }),
  };
  const manifest = JSON.stringify({ name: 'host', metaData: {}, shared: [] });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(folder, file), text);
  writeFileSync(path.join(folder, 'mf-manifest.json'), manifest);
  const record = JSON.stringify({
    manifest: sha384Of(manifest),
    files: Object.fromEntries(Object.entries(files).map(([file, text]) => [file, sha384Of(text)])),
  });
  writeFileSync(path.join(folder, 'integrity.json'), record);
  return { release, integrity: sha384Of(record), main };
}

/** host.json and index.html served from a host release folder; HOST_DIST when there is no host.json. */
describe('the host release host.json names', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;
  let log: LogCapture;
  let one: HostRelease;
  let two: HostRelease;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    one = writeHostRelease(dirs.releasesDir, '1.0.0-1111111111', 'one');
    two = writeHostRelease(dirs.releasesDir, '1.0.0-2222222222', 'two');
    log = new LogCapture();
    app = await buildServer(testConfig(dirs), { logStream: log });
  });
  afterEach(async () => {
    await app.close();
    dirs.cleanup();
  });

  const writeHostJson = (entry: unknown) =>
    writeFileSync(path.join(dirs.releasesDir, 'host.json'), JSON.stringify(entry));
  const page = (cookie?: string) =>
    app.inject({ url: '/', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const builtFor = (body: string) => /content="host-(\w+)"/.exec(body)?.[1] ?? 'dist';
  const refusals = () =>
    log.entries().filter((entry) => String(entry.msg).startsWith('host release refused'));

  it('serves HOST_DIST while there is no host.json', async () => {
    expect(builtFor((await page()).body)).toBe('dist');
    const asset = await app.inject({ url: `/${HASHED_ASSET}` });
    expect(asset.body).toBe('console.log("host");');
  });

  it('serves the live release: its page (no-store), its scripts immutable and precompressed', async () => {
    writeHostJson({ release: one.release, integrity: one.integrity });
    const response = await page();
    expect(builtFor(response.body)).toBe('one');
    expect(response.headers['cache-control']).toBe('no-store');
    const script = await app.inject({ url: `/${one.main}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.body).toBe('(brotli of host one)');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    const plain = await app.inject({ url: `/${one.main}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("host one");');
    // HOST_DIST is not served beside a release.
    expect((await app.inject({ url: `/${HASHED_ASSET}` })).statusCode).toBe(404);
    // Nothing but the build's own files: not its record, no path out of its folder.
    for (const url of ['/integrity.json', '/..%2Fremotes.json', '/..%2F..%2Fhost.json'])
      expect((await app.inject({ url })).statusCode).toBe(404);
  });

  it('follows host.json on the next page load; a page opened on the old release still gets its scripts', async () => {
    writeHostJson({ release: one.release, integrity: one.integrity });
    expect(builtFor((await page()).body)).toBe('one');
    writeHostJson({ release: two.release, integrity: two.integrity });
    expect(builtFor((await page()).body)).toBe('two');
    expect((await app.inject({ url: `/${one.main}` })).body).toBe('console.log("host one");');
  });

  it('gives a canary session the canary host, with the same canary cookie as the remotes, every time', async () => {
    writeHostJson({ ...one, canary: { release: two.release, integrity: two.integrity, percent: 50 } });
    const first = await page();
    const key = dealtCanaryCookie(first.headers['set-cookie'])?.key;
    expect(key).toBeDefined();
    const expected = canaryBucket(key ?? '', 'host') < 50 ? 'two' : 'one';
    expect(builtFor(first.body)).toBe(expected);
    for (let i = 0; i < 3; i += 1) {
      const again = await page(canaryCookie(key ?? ''));
      expect(builtFor(again.body)).toBe(expected);
      expect(again.headers['set-cookie']).toBeUndefined();
    }
    // Keys on each side of the percentage get each build.
    expect(builtFor((await page(canaryCookie(canaryKeyIn(true, 'host')))).body)).toBe('two');
    expect(builtFor((await page(canaryCookie(canaryKeyIn(false, 'host')))).body)).toBe('one');
  });

  it('refuses a release whose file does not match its record: the previous good host stays, one log line', async () => {
    writeHostJson({ release: one.release, integrity: one.integrity });
    expect(builtFor((await page()).body)).toBe('one');
    writeFileSync(path.join(dirs.releasesDir, 'host', two.release, two.main), 'alert("changed")');
    writeHostJson({ release: two.release, integrity: two.integrity });
    for (let i = 0; i < 3; i += 1) expect(builtFor((await page()).body)).toBe('one');
    expect((await app.inject({ url: `/${two.main}` })).statusCode).toBe(404);
    expect(refusals()).toHaveLength(1);
    expect(String(refusals()[0]?.reason)).toContain(`${two.main} does not match its recorded integrity`);
  });

  it('refuses a release whose integrity.json is not the one host.json names; with no good host before, no page', async () => {
    writeHostJson({ release: one.release, integrity: two.integrity });
    const response = await page();
    expect(response.statusCode).toBe(503);
    expect(refusals()).toHaveLength(1);
    expect(String(refusals()[0]?.reason)).toContain(
      'integrity.json does not match the integrity host.json gives',
    );
  });
});
