import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../src/http/htmlCompression.js';
import { buildServer } from '../src/server.js';
import {
  createFixtureDirs,
  type FixtureDirs,
  REMOTE_FOLDER,
  remoteEntry,
  testConfig,
} from './helpers/fixtures.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const ASSET = 'app.0123456789.js';
const ASSET_TEXT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const PLAIN_ONLY = 'plain.9876543210.js';

describe('compression', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    // What the build writes: the file and its precompressed siblings.
    writeFileSync(path.join(dirs.hostDist, ASSET), ASSET_TEXT);
    writeFileSync(path.join(dirs.hostDist, `${ASSET}.br`), brotliCompressSync(ASSET_TEXT));
    writeFileSync(path.join(dirs.hostDist, `${ASSET}.gz`), gzipSync(ASSET_TEXT));
    writeFileSync(path.join(dirs.hostDist, PLAIN_ONLY), ASSET_TEXT);
    const remoteDir = path.join(dirs.releasesDir, REMOTE_FOLDER);
    mkdirSync(remoteDir, { recursive: true });
    writeFileSync(path.join(remoteDir, 'remoteEntry.js.br'), brotliCompressSync('var remote_login;'));
    app = await buildServer(testConfig(dirs), { logStream: { write: () => {} } });
  });

  afterAll(async () => {
    await app.close();
    dirs.cleanup();
  });

  it('serves the .br sibling to a browser that accepts brotli, with the file’s type and cache rule', async () => {
    const response = await app.inject({
      url: `/${ASSET}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET_TEXT);
  });

  it('serves the .gz sibling when only gzip is accepted', async () => {
    const response = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(ASSET_TEXT);
  });

  it('serves the plain file without Accept-Encoding', async () => {
    const response = await app.inject({ url: `/${ASSET}` });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(ASSET_TEXT);
  });

  it('falls back to the plain file when the build wrote no sibling (never compressed again per request)', async () => {
    const response = await app.inject({ url: `/${PLAIN_ONLY}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(ASSET_TEXT);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps a remote entry’s no-cache rule and CORS when its .br is served, and falls back for gzip', async () => {
    const url = `/remotes/${REMOTE_FOLDER}/remoteEntry.js`;
    const br = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(br.headers.vary).toMatch(/origin/i);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('var remote_login;');
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBeUndefined();
    expect(gzip.body).toBe('var remote_login;');
  });

  it('compresses a large JSON reply (brotli first, gzip as fallback)', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 40 }, (_, index) => [
        `remote_${index}`,
        remoteEntry(`/remotes/remote-${index}/1.0.0-0123456789/mf-manifest.json`),
      ]),
    );
    dirs.writeRemotesConfig(many);
    const br = await app.inject({ url: '/remotes.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(many);
    const gzip = await app.inject({ url: '/remotes.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(many);
  });

  it('leaves a tiny JSON reply uncompressed', async () => {
    const response = await app.inject({
      url: '/v1/config/environment',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({
      riskType: 'RSARISK',
      baseServiceUrl: 'http://localhost:8090/default/',
      ssoUrl: 'http://localhost:8090/default/',
    });
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['deflate', undefined],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('compression of proxied replies', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;
  const big = JSON.stringify({
    factors: Array.from({ length: 60 }, (_, index) => ({ id: index, type: 'SMS' })),
  });

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl }), {
      logStream: { write: () => {} },
    });
  });

  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  it('never compresses again a reply the SSO already encoded', async () => {
    const encoded = gzipSync(big);
    sso.handle((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(encoded);
    });
    const response = await app.inject({
      url: '/common/portal/proxy/factor/v1/MeCreds',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(response.rawPayload, encoded)).toBe(0);
  });

  it('compresses a plain JSON reply from the SSO', async () => {
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(big);
    });
    const response = await app.inject({
      url: '/common/portal/proxy/factor/v1/MeCreds',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(big);
  });
});
