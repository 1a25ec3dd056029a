import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLogin } from '../src/userId/loginStart';
import {
  authStatusAtom,
  factorOptionsAtom,
  factorReplyAtom,
  fidoCredTypeAtom,
  flowStateAtom,
  selectionLevelAtom,
  AuthStatus,
} from '@portal/shared/session';
import { rememberedUserName, flowType, savedQueryParams } from '@portal/shared/storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function setup(options: { tokenOk?: boolean; resetOk?: boolean } = {}) {
  const store = createStore();
  const api = {
    getClientToken: vi.fn(async () =>
      options.tokenOk === false
        ? {
            ok: false as const,
            error: { kind: 'http' as const, message: 'Unexpected error, please try again.' },
          }
        : { ok: true as const, status: 200, data: { access_token: 'ct' } },
    ),
    resetUser: vi.fn(async () =>
      options.resetOk === false
        ? { ok: false as const, error: { kind: 'http' as const, message: 'x' } }
        : { ok: true as const, status: 200, data: { flowState: 'new' } },
    ),
  };
  return { store, api };
}

describe('startLogin (spec section 4, Login start)', () => {
  it('a failed client token stops with its message', async () => {
    const { store, api } = setup({ tokenOk: false });
    expect(await startLogin({ store, api, pathname: '/direct', search: '' })).toEqual({
      ok: false,
      message: 'Unexpected error, please try again.',
      restartNeeded: false,
    });
  });

  it('direct: a fresh transaction, login enabled, the remembered user auto-submits', async () => {
    const { store, api } = setup();
    store.set(flowStateAtom, 'stale');
    store.set(authStatusAtom, AuthStatus.RestartNeeded);
    rememberedUserName.write('ann');
    const outcome = await startLogin({ store, api, pathname: '/direct', search: '' });
    expect(outcome).toEqual({
      ok: true,
      flow: 'direct',
      restart: false,
      rememberedUser: 'ann',
      autoSubmit: true,
      authenticateAtOnce: 'rememberedUser',
    });
    expect(flowType.read()).toBe('direct');
    expect(store.get(flowStateAtom)).toBeNull();
    expect(store.get(authStatusAtom)).toBe(AuthStatus.None);
  });

  it('restart=true never auto-submits', async () => {
    const { store, api } = setup();
    rememberedUserName.write('ann');
    expect(await startLogin({ store, api, pathname: '/direct', search: '?restart=true' })).toMatchObject({
      autoSubmit: false,
      rememberedUser: 'ann',
      authenticateAtOnce: null,
    });
  });

  it('oauth2: x-flow, the entry parameters saved, x-flow-state becomes the flow state', async () => {
    const { store, api } = setup();
    await startLogin({ store, api, pathname: '/oauth2', search: '?x-flow-state=fs-1&client=rp' });
    expect(flowType.read()).toBe('oauth2');
    expect(savedQueryParams.read()).toEqual({ 'x-flow-state': 'fs-1', client: 'rp' });
    expect(store.get(flowStateAtom)).toBe('fs-1');
    expect(api.resetUser).not.toHaveBeenCalled();
  });

  it('oauth2 arrival: authenticate at once with the flow state, or with the remembered user', async () => {
    const { store, api } = setup();
    const search = '?x-flow-state=fs-1';
    expect(await startLogin({ store, api, pathname: '/oauth2', search })).toMatchObject({
      flow: 'oauth2',
      rememberedUser: null,
      autoSubmit: false,
      authenticateAtOnce: 'flowState',
    });
    rememberedUserName.write('ann');
    expect(await startLogin({ store, api, pathname: '/oauth2/', search })).toMatchObject({
      rememberedUser: 'ann',
      autoSubmit: true,
      authenticateAtOnce: 'rememberedUser',
    });
  });

  it("a reload of /oauth2 (its x-flow-state already out of the address) arrives again with this tab's saved entry", async () => {
    const { store, api } = setup();
    savedQueryParams.write({ 'x-flow-state': 'fs-1', client: 'rp', 'X-CLIENT-TRANSACTION-ID': 'old' });
    const outcome = await startLogin({
      store,
      api,
      pathname: '/oauth2',
      search: '?X-CLIENT-TRANSACTION-ID=tx-2',
    });
    expect(outcome).toMatchObject({ flow: 'oauth2', authenticateAtOnce: 'flowState' });
    expect(store.get(flowStateAtom)).toBe('fs-1');
    // What the address still says wins over what was saved.
    expect(savedQueryParams.read()).toEqual({
      'x-flow-state': 'fs-1',
      client: 'rp',
      'X-CLIENT-TRANSACTION-ID': 'tx-2',
    });
    // A new entry with its own flow state replaces the saved one.
    await startLogin({ store, api, pathname: '/oauth2', search: '?x-flow-state=fs-2' });
    expect(savedQueryParams.read()).toEqual({ 'x-flow-state': 'fs-2' });
    expect(store.get(flowStateAtom)).toBe('fs-2');
  });

  it('no arrival without a flow state, in the direct flow without a remembered user, or with restart=true', async () => {
    const { store, api } = setup();
    expect(await startLogin({ store, api, pathname: '/oauth2', search: '' })).toMatchObject({
      authenticateAtOnce: null,
    });
    expect(await startLogin({ store, api, pathname: '/direct', search: '' })).toMatchObject({
      authenticateAtOnce: null,
    });
    savedQueryParams.write({ 'x-flow-state': 'fs-1' });
    expect(
      await startLogin({ store, api, pathname: '/oauth2', search: '?restart=true&x-flow-state=fs-1' }),
    ).toMatchObject({ authenticateAtOnce: null });
  });

  it('oauth2 with restart=true: the saved flow state is restored and the user reset', async () => {
    const { store, api } = setup();
    savedQueryParams.write({ 'x-flow-state': 'fs-1' });
    const outcome = await startLogin({ store, api, pathname: '/oauth2', search: '?restart=true' });
    expect(store.get(flowStateAtom)).toBe('fs-1');
    expect(api.resetUser).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({
      ok: true,
      flow: 'oauth2',
      restart: true,
      autoSubmit: false,
      authenticateAtOnce: null,
    });
  });

  it("a failed reset: 'Error resetting user', restart needed", async () => {
    const { store, api } = setup({ resetOk: false });
    savedQueryParams.write({ 'x-flow-state': 'fs-1' });
    expect(await startLogin({ store, api, pathname: '/oauth2', search: '?restart=true' })).toEqual({
      ok: false,
      message: 'Error resetting user',
      restartNeeded: true,
    });
  });
});

describe("login start resets the last sign-in's flow-scoped atoms", () => {
  it('so a single-factor user gets no stale More Options after Log in again', async () => {
    const { store, api } = setup();
    // The last sign-in was in a factor step reached through factor selection at level 1.
    store.set(factorReplyAtom, { currentFactors: ['SMSOTP'], additional: { currentFactorLevel: 1 } });
    store.set(factorOptionsAtom, [{ credId: 'c1', credType: 'sms', credValue: '+1 555' }]);
    store.set(fidoCredTypeAtom, 'PASSKEY');
    store.set(selectionLevelAtom, '1');
    await startLogin({ store, api, pathname: '/direct', search: '' });
    expect(store.get(selectionLevelAtom)).toBeNull();
    expect(store.get(factorReplyAtom)).toBeNull();
    expect(store.get(factorOptionsAtom)).toEqual([]);
    expect(store.get(fidoCredTypeAtom)).toBeNull();
  });
});
