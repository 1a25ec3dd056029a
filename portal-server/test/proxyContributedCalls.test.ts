import { describe, expect, it } from 'vitest';
import { ContributedCalls } from '../src/proxy/contributedCalls.js';
import { type ContributedCall, decideProxyRequest } from '../src/proxy/proxyRules.js';

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

  it('counts a call per user when its remote says it tries a secret, and only then', () => {
    const counted = (calls: readonly ContributedCall[]) => {
      const decision = decideProxyRequest(
        'POST',
        'factor/v1/RecoveryCodeAuthenticator',
        'application/json',
        true,
        calls,
      );
      return decision.ok ? decision.rule.countedPerUser : undefined;
    };
    const path = 'factor/v1/RecoveryCodeAuthenticator';
    expect(counted([{ method: 'POST', path, triesSecret: true }])).toBe(true);
    expect(counted([{ method: 'POST', path }])).toBe(false);
    // Two builds naming the call (a live one and a canary): one that says it tries a secret is enough.
    expect(
      counted([
        { method: 'POST', path },
        { method: 'POST', path, triesSecret: true },
      ]),
    ).toBe(true);
    // The spec's calls are counted as the portal knows them, whatever a contribution says.
    const spec = decideProxyRequest('POST', 'factor/v1/PasswordAuthenticator', 'application/json', true);
    expect(spec.ok && spec.rule.countedPerUser).toBe(true);
    const polling = decideProxyRequest('POST', 'factor/v1/PushStatus', 'application/json', true);
    expect(polling.ok && polling.rule.countedPerUser).toBe(false);
    const authenticate = decideProxyRequest('POST', 'auth/v1/authenticate', 'application/json', true);
    expect(authenticate.ok && authenticate.rule).toMatchObject({
      countedPerUser: true,
      userField: 'subject',
    });
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
  const merged = (calls: { method: 'GET' | 'POST'; path: string; triesSecret?: boolean }[]) => ({
    version: 1 as const,
    routes: [],
    nextActions: [],
    factors: [],
    links: [],
    calls: calls.map((call) => ({ triesSecret: false, ...call, remote: 'remote_factors' })),
  });
  const recovery = {
    method: 'POST' as const,
    path: 'factor/v1/RecoveryCodeAuthenticator',
    triesSecret: true,
  };

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
