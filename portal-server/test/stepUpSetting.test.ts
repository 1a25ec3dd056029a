import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, packageDir, testConfig } from './helpers/fixtures.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

// Step-up before destruction (our design, the spec has none): the product configuration's
// stepUpBeforeDelete reaches the page, and the proxy forwards the grant a delete carries.

const quiet = { logStream: { write: () => {} } };
const devConfig = JSON.parse(readFileSync(path.join(packageDir, 'config', 'portal.json'), 'utf8')) as Record<
  string,
  unknown
>;

let dirs: FixtureDirs;
beforeAll(() => {
  dirs = createFixtureDirs();
});
afterAll(() => dirs.cleanup());

const write = (extra: object): string => {
  const file = path.join(dirs.root, `portal-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ ...devConfig, ...extra }));
  return file;
};

describe('stepUpBeforeDelete in the product configuration', () => {
  it('is on in the development configuration, and false is served to the page as false', async () => {
    expect(loadConfig({}).product.stepUpBeforeDelete).toBe(true);
    const { product } = loadConfig({ PORTAL_CONFIG: write({ stepUpBeforeDelete: false }) });
    const app = await buildServer({ ...testConfig(dirs), product }, quiet);
    try {
      expect((await app.inject({ url: '/v1/config/portal' })).json().stepUpBeforeDelete).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('stops start-up on a value that is not true or false, naming PORTAL_CONFIG', () => {
    const file = write({ stepUpBeforeDelete: 'no' });
    expect(() => loadConfig({ PORTAL_CONFIG: file })).toThrow(/PORTAL_CONFIG[\s\S]*stepUpBeforeDelete/);
  });
});

describe('the proxy and the step-up grant', () => {
  let sso: UpstreamStub;
  beforeAll(async () => {
    sso = await startUpstreamStub('/default/');
  });
  afterAll(() => sso.close());

  it('forwards X-Step-Up-Grant on DELETE MeCreds', async () => {
    const app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl }), quiet);
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    try {
      const reply = await app.inject({
        method: 'DELETE',
        url: '/common/portal/proxy/factor/v1/MeCreds/email-1',
        headers: { authorization: 'Bearer user-token', 'x-step-up-grant': 'grant-1' },
      });
      expect(reply.statusCode).toBe(200);
      expect(sso.requests[0]?.headers['x-step-up-grant']).toBe('grant-1');
    } finally {
      await app.close();
      await sso.settled();
    }
  });

  it('passes POST MeStepUp through to the SSO (the proxy is the default service URL)', async () => {
    const app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl }), quiet);
    sso.handle((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ stepUpGrant: 'grant-2', expiresIn: 300 }));
    });
    try {
      const reply = await app.inject({
        method: 'POST',
        url: '/common/portal/proxy/factor/v1/MeStepUp',
        headers: {
          authorization: 'Bearer user-token',
          'content-type': 'application/json',
          origin: 'http://localhost',
        },
        payload: { password: 'Passw0rd!', credIds: ['email-1'] },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ stepUpGrant: 'grant-2', expiresIn: 300 });
      expect(sso.requests.at(-1)?.url).toBe('/default/factor/v1/MeStepUp');
    } finally {
      await app.close();
      await sso.settled();
    }
  });
});
