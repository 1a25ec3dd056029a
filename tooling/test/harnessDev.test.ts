import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessDefines, portalProxy, readFactorUsers } from '../src/harnessDev.ts';

describe("the harness's dev server", () => {
  it("passes the portal's calls to the portal server as its own origin's (the client secret stays there)", () => {
    const proxy = portalProxy('http://localhost:8080/', '/common/portal/proxy/');
    expect(proxy).toMatchObject({
      context: ['/v1/', '/common/portal/proxy/'],
      target: 'http://localhost:8080',
      changeOrigin: true,
    });
    const headers = new Map<string, string>([['origin', 'http://127.0.0.1:3002']]);
    const request = {
      getHeader: (name: string) => headers.get(name),
      setHeader: (name: string, value: string) => headers.set(name, value),
    };
    const onProxyRequest = proxy.on?.proxyReq as unknown as (r: typeof request) => void;
    onProxyRequest(request);
    expect(headers.get('origin')).toBe('http://localhost:8080');
  });

  it('builds the harness with the remote’s routes, its password paths and its fixture users', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'harness-'));
    writeFileSync(
      path.join(dir, 'harness.json'),
      JSON.stringify({ factorUsers: { '/verify': 'pat.password' } }),
    );
    const defines = harnessDefines(
      'remote_login',
      { './Password': './src/exposes/Password.tsx' },
      {
        version: 1,
        routes: [{ path: '/verify', guard: 'C', expose: './Password', title: 'Password' }],
        nextActions: [{ action: 'PASSWORD_AUTH', path: '/verify' }],
      },
      readFactorUsers(dir),
    );
    expect(JSON.parse(defines.__HARNESS_ROUTES__ ?? '')).toEqual([
      { path: '/verify', guard: 'C', expose: './Password', title: 'Password' },
    ]);
    expect(JSON.parse(defines.__HARNESS_PASSWORD_PATHS__ ?? '')).toEqual(['/verify']);
    expect(JSON.parse(defines.__HARNESS_FACTOR_USERS__ ?? '')).toEqual({ '/verify': 'pat.password' });
  });

  it('refuses a harness.json whose users are not names', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'harness-'));
    writeFileSync(path.join(dir, 'harness.json'), JSON.stringify({ factorUsers: { '/sotp': 3 } }));
    expect(() => readFactorUsers(dir)).toThrow(/must be a user name/);
  });
});
