import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { AuthReply } from '../src/api/schemas';
import { followNextAction } from '../src/flow/followNextAction';
import { nextActionRoute } from '../src/flow/nextAction';
import {
  authStatusAtom,
  errorMessageAtom,
  factorOptionsAtom,
  fidoCredTypeAtom,
  refreshTokenAtom,
  tokenExpiryAtom,
  userNameAtom,
  userTokenAtom,
} from '../src/session/atoms';
import { AuthStatus } from '../src/session/authStatus';

function setup(exchangeOk = true) {
  const store = createStore();
  const deps = {
    store,
    navigate: vi.fn(),
    redirect: vi.fn(),
    now: () => 1_000,
    exchangeIdToken: vi.fn(async () =>
      exchangeOk
        ? { ok: true as const, data: { access_token: 'u' }, status: 200 }
        : { ok: false as const, error: { kind: 'http' as const, message: 'no' } },
    ),
  };
  const follow = (reply: AuthReply | null) =>
    followNextAction(nextActionRoute(reply, { allowedRedirectOrigins: ['https://sso.test/'] }), reply, deps);
  return { store, deps, follow };
}

describe('followNextAction', () => {
  it('opens a factor screen with status factor, keeping the user name and options', async () => {
    const { store, deps, follow } = setup();
    await follow({
      nextaction: 'PASSKEY_REGISTER_GENERATE_CHALLENGE',
      username: 'ann',
      credentials: [{ credId: '1' }],
    } as AuthReply);
    expect(deps.navigate).toHaveBeenCalledWith('/passkey', { state: { mode: 'register' } });
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Factor);
    expect(store.get(fidoCredTypeAtom)).toBe('PASSKEY');
    expect(store.get(userNameAtom)).toBe('ann');
    expect(store.get(factorOptionsAtom)).toEqual([{ credId: '1' }]);
  });
  it('signs in with tokens kept in memory', async () => {
    const { store, deps, follow } = setup();
    await follow({
      nextaction: 'AUTH_ALLOWED',
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 10,
    } as AuthReply);
    expect(store.get(userTokenAtom)).toBe('a');
    expect(store.get(refreshTokenAtom)).toBe('r');
    expect(store.get(tokenExpiryAtom)).toBe(11_000);
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Authenticated);
    expect(deps.navigate).toHaveBeenCalledWith('/welcome');
  });
  it('exchanges an id_token before welcome, or restarts when that fails', async () => {
    const ok = setup();
    await ok.follow({ nextaction: 'AUTH_ALLOWED', id_token: 'id' } as AuthReply);
    expect(ok.deps.exchangeIdToken).toHaveBeenCalledWith('id');
    expect(ok.deps.navigate).toHaveBeenCalledWith('/welcome');
    const failing = setup(false);
    await failing.follow({ nextaction: 'AUTH_ALLOWED', id_token: 'id' } as AuthReply);
    expect(failing.store.get(authStatusAtom)).toBe(AuthStatus.RestartNeeded);
    expect(failing.deps.navigate).toHaveBeenCalledWith('/restartRequired');
  });
  it('redirects only to a checked authCompleteUrl', async () => {
    const { deps, follow } = setup();
    await follow({
      nextaction: 'AUTH_ALLOWED',
      authCompleteUrl: 'https://sso.test/authcomplete?x=1',
    } as AuthReply);
    expect(deps.redirect).toHaveBeenCalledWith('https://sso.test/authcomplete?x=1');
    await follow({ nextaction: 'AUTH_ALLOWED', authCompleteUrl: 'javascript:alert(1)' } as AuthReply);
    expect(deps.redirect).toHaveBeenCalledTimes(1);
  });
  it('a null reply shows the message on the wildcard route', async () => {
    const { store, deps, follow } = setup();
    await follow(null);
    expect(store.get(errorMessageAtom)).toBe('Server error, response is null');
    expect(deps.navigate).toHaveBeenCalledWith('/not-found');
  });
  it('AUTH_DENIED sets status none and opens denied', async () => {
    const { store, deps, follow } = setup();
    store.set(authStatusAtom, AuthStatus.Factor);
    await follow({ nextaction: 'AUTH_DENIED' } as AuthReply);
    expect(store.get(authStatusAtom)).toBe(AuthStatus.None);
    expect(deps.navigate).toHaveBeenCalledWith('/denied');
  });
});
