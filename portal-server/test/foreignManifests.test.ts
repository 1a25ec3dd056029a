import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ForeignManifests } from '../src/firstLoad/foreignManifests.js';
import { isInternalAddress } from '../src/firstLoad/targetAddress.js';
import { buildServer } from '../src/server.js';
import { manifest, preloadsOf, writeFirstLoadFixture } from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, remoteEntry, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const MANIFEST = JSON.stringify(manifest('remote_login', ['UserId'], 'cafe123456'));

/** Writes 64 KB chunks as fast as the reader takes them, up to `total`; resolves with what was written. */
function flood(response: ServerResponse, total: number): Promise<number> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    const write = () => {
      while (written < total && !response.destroyed) {
        written += chunk.length;
        if (!response.write(chunk)) return;
      }
      if (written >= total) response.end();
    };
    response.on('drain', write);
    response.on('close', () => resolve(written));
    response.writeHead(200, { 'content-type': 'application/json' });
    write();
  });
}

describe('manifests on other origins: no redirects, a byte cap, no internal targets in production', () => {
  let dirs: FixtureDirs;
  let stub: UpstreamStub;
  let other: UpstreamStub;
  let app: FastifyInstance | undefined;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    stub = await startUpstreamStub('/');
    other = await startUpstreamStub('/');
    other.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(MANIFEST);
    });
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await stub.close();
    await other.close();
    dirs.cleanup();
  });

  const origin = (server: UpstreamStub) => new URL(server.baseUrl).origin;
  const pagePreloads = async (production = false) => {
    dirs.writeRemotesConfig({ remote_login: remoteEntry(`${stub.baseUrl}mf-manifest.json`, MANIFEST) });
    app = await buildServer(testConfig(dirs, { remoteOrigins: [origin(stub), origin(other)], production }), {
      logStream: new LogCapture(),
    });
    const response = await app.inject({ url: '/direct', headers: html });
    expect(response.statusCode).toBe(200);
    return preloadsOf(response.body).map((preload) => preload.href);
  };

  it('does not follow a 302 to another host (even a pinned one): the remote is left out of the plan', async () => {
    stub.handle((_request, response) => {
      response.writeHead(302, { location: `${other.baseUrl}mf-manifest.json` }).end();
    });
    const hrefs = await pagePreloads();
    expect(stub.requests).toHaveLength(1);
    expect(other.requests).toHaveLength(0);
    expect(hrefs.filter((href) => href.startsWith(origin(stub)) || href.startsWith(origin(other)))).toEqual(
      [],
    );
    const read = await new ForeignManifests({
      timeoutMs: 1000,
      ttlMs: 0,
      failureTtlMs: 0,
      allowInternalTargets: true,
    }).read(new URL(`${stub.baseUrl}mf-manifest.json`));
    expect(read.result).toEqual({ ok: false, error: 'HTTP 302 (redirect not followed)' });
  });

  it('stops reading an oversized manifest at the cap (the rest is never downloaded) and leaves the remote out', async () => {
    let written: Promise<number> | undefined;
    stub.handle((_request, response) => {
      written = flood(response, 256 * 1024 * 1024);
    });
    const hrefs = await pagePreloads();
    expect(hrefs.filter((href) => href.startsWith(origin(stub)))).toEqual([]);
    // The default cap is 1 MB: the server closed the connection long before 256 MB.
    expect(await written).toBeLessThan(32 * 1024 * 1024);

    const read = await new ForeignManifests({
      timeoutMs: 2000,
      ttlMs: 0,
      failureTtlMs: 0,
      maxBytes: 100_000,
      allowInternalTargets: true,
    }).read(new URL(`${stub.baseUrl}mf-manifest.json`));
    expect(read.result).toEqual({ ok: false, error: 'manifest too large (over 100000 bytes)' });
  });

  it('in production refuses a loopback target, by address or by a name that resolves to one, without connecting', async () => {
    stub.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(MANIFEST);
    });
    const hrefs = await pagePreloads(true);
    expect(hrefs.filter((href) => href.startsWith(origin(stub)))).toEqual([]);
    const production = new ForeignManifests({ timeoutMs: 1000, ttlMs: 0, failureTtlMs: 0 });
    const byName = await production.read(
      new URL(`http://localhost:${new URL(stub.baseUrl).port}/mf-manifest.json`),
    );
    expect(byName.result).toMatchObject({ ok: false, error: expect.stringMatching(/^refused: /) });
    expect(stub.requests).toHaveLength(0);
    // In development the same target is fetched (dev servers and tests listen on loopback).
    expect((await pagePreloads(false)).some((href) => href.startsWith(origin(stub)))).toBe(true);
  });

  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fd00::1', true],
    ['fe80::1%eth0', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['203.0.113.10', false],
    ['93.184.216.34', false],
    ['2606:2800:220:1::1', false],
    ['::ffff:93.184.216.34', false],
  ])('isInternalAddress(%s) is %s', (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });
});
