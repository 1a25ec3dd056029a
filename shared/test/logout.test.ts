import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../src/api/result';
import { AuthStatus } from '../src/session/authStatus';
import {
  authStatusAtom,
  clientTokenAtom,
  flowStateAtom,
  refreshTokenAtom,
  tokenExpiryAtom,
  userNameAtom,
  userTokenAtom,
} from '../src/session/atoms';
import { logout } from '../src/session/lifecycle/logout';
import { savedQueryParams } from '../src/storage/sessionStore';

function signedIn() {
  const store = createStore();
  store.set(userTokenAtom, 'access-1');
  store.set(refreshTokenAtom, 'refresh-1');
  store.set(tokenExpiryAtom, 123);
  store.set(clientTokenAtom, 'client-1');
  store.set(flowStateAtom, 'flow-1');
  store.set(userNameAtom, 'pat');
  store.set(authStatusAtom, AuthStatus.Authenticated);
  return store;
}

describe('logout', () => {
  it('goes to /signed-out, forgets the session and the saved query parameters, revokes both tokens', async () => {
    const store = signedIn();
    savedQueryParams.write({ 'x-flow-state': 'abc' });
    const navigate = vi.fn();
    const revoke = vi.fn(
      async (_token: string): Promise<ApiResult<unknown>> => ({ ok: true, data: {}, status: 200 }),
    );
    await logout({ store, revoke, navigate });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/signed-out', { replace: true, flushSync: true });
    expect(revoke.mock.calls.map(([token]) => token).sort()).toEqual(['access-1', 'refresh-1']);
    for (const atom of [userTokenAtom, refreshTokenAtom, clientTokenAtom, flowStateAtom, userNameAtom]) {
      expect(store.get(atom)).toBeNull();
    }
    expect(store.get(tokenExpiryAtom)).toBeNull();
    expect(store.get(authStatusAtom)).toBe(AuthStatus.None);
    expect(savedQueryParams.read()).toBeNull();
  });

  it('a failing or throwing revoke is only logged, without the token', async () => {
    const store = signedIn();
    const navigate = vi.fn();
    const warn = vi.fn();
    const revoke = vi
      .fn<(token: string) => Promise<ApiResult<unknown>>>()
      .mockResolvedValueOnce({ ok: false, error: { kind: 'network', message: 'down' } })
      .mockRejectedValueOnce(new Error('boom'));
    await logout({ store, revoke, navigate, warn });
    expect(navigate).toHaveBeenCalledWith('/signed-out', { replace: true, flushSync: true });
    expect(store.get(userTokenAtom)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).not.toMatch(/access-1|refresh-1/);
  });

  it('state is cleared before the revoke answers', async () => {
    const store = signedIn();
    let seenDuringRevoke: string | null = 'unset';
    const revoke = vi.fn(async (): Promise<ApiResult<unknown>> => {
      seenDuringRevoke = store.get(userTokenAtom);
      return { ok: true, data: {}, status: 200 };
    });
    await logout({ store, revoke, navigate: vi.fn() });
    expect(seenDuringRevoke).toBeNull();
  });
});
