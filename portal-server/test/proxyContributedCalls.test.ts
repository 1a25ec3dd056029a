import { describe, expect, it } from 'vitest';
import { ContributedCalls } from '../src/proxy/contributedCalls.js';
import { decideProxyRequest } from '../src/proxy/proxyRules.js';

const recovery = [
  { method: 'POST', path: 'factor/v1/RecoveryCodeAuthenticator' },
  { method: 'GET', path: 'factor/v1/MeRecoveryCodes' },
  { method: 'POST', path: 'factor/v1/MeRecoveryCodes' },
] as const;

describe('the proxy and the calls live remotes contribute', () => {
  it('passes a contributed call with its one method and a JSON body', () => {
    const decision = decideProxyRequest(
      'POST',
      'factor/v1/RecoveryCodeAuthenticator',
      'application/json',
      true,
      recovery,
    );
    expect(decision.ok).toBe(true);
    expect(decideProxyRequest('GET', 'factor/v1/MeRecoveryCodes', undefined, false, recovery).ok).toBe(true);
    // Two remotes (or two calls) naming one path with different methods: both pass.
    expect(
      decideProxyRequest('POST', 'factor/v1/MeRecoveryCodes', 'application/json', true, recovery).ok,
    ).toBe(true);
  });

  it('refuses it when no live remote contributes it', () => {
    expect(
      decideProxyRequest('POST', 'factor/v1/RecoveryCodeAuthenticator', 'application/json', true),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it('refuses another method, another body type, or a longer path', () => {
    expect(
      decideProxyRequest('DELETE', 'factor/v1/RecoveryCodeAuthenticator', undefined, false, recovery),
    ).toMatchObject({ status: 405 });
    expect(
      decideProxyRequest('POST', 'factor/v1/RecoveryCodeAuthenticator', 'text/plain', true, recovery),
    ).toMatchObject({ status: 415 });
    expect(
      decideProxyRequest('POST', 'factor/v1/RecoveryCodeAuthenticator/x', 'application/json', true, recovery),
    ).toMatchObject({ status: 404 });
  });

  it('never widens a spec call: a contribution of MeCreds with POST leaves MeCreds GET-only', () => {
    const widening = [{ method: 'POST', path: 'factor/v1/MeCreds' }] as const;
    expect(decideProxyRequest('POST', 'factor/v1/MeCreds', 'application/json', true, widening)).toMatchObject(
      {
        status: 405,
      },
    );
  });
});

describe('ContributedCalls', () => {
  const merged = (calls: { method: 'GET' | 'POST'; path: string }[]) => ({
    version: 1 as const,
    routes: [],
    nextActions: [],
    factors: [],
    links: [],
    calls: calls.map((call) => ({ ...call, remote: 'remote_factors' })),
  });
  const recovery = { method: 'POST' as const, path: 'factor/v1/RecoveryCodeAuthenticator' };

  it("keeps passing a rolled-back build's calls for the grace period after a page was last given it", async () => {
    let now = 0;
    let live = merged([recovery]);
    const calls = new ContributedCalls(
      async () => live,
      () => now,
      1000,
    );
    expect(await calls.current()).toEqual([recovery]);
    live = merged([]);
    now = 999;
    expect(await calls.current()).toEqual([recovery]);
    now = 1001;
    expect(await calls.current()).toEqual([]);
  });

  it('a page given a canary build names its calls too', async () => {
    const calls = new ContributedCalls(
      async () => merged([]),
      () => 0,
      1000,
    );
    calls.note(merged([recovery]));
    expect(await calls.current()).toEqual([recovery]);
  });
});
