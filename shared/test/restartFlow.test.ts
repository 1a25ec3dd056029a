import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restartFlow } from '../src/flow/restartFlow';
import { allowUserResetAtom, authStatusAtom, errorMessageAtom, userNameAtom } from '../src/session/atoms';
import { AuthStatus } from '../src/session/authStatus';
import { rememberedUserName } from '../src/storage/localStore';
import { flowType } from '../src/storage/sessionStore';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function setup(allow: boolean, resetOk = true) {
  const store = createStore();
  store.set(allowUserResetAtom, allow);
  store.set(userNameAtom, 'Ann');
  store.set(authStatusAtom, AuthStatus.Factor);
  rememberedUserName.write('ann');
  const navigate = vi.fn();
  const resetUser = vi.fn(async () =>
    resetOk
      ? { ok: true as const, data: {}, status: 200 }
      : { ok: false as const, error: { kind: 'http' as const, message: 'x' } },
  );
  return { store, navigate, resetUser };
}

describe('restartFlow', () => {
  it('does nothing unless user reset is allowed', async () => {
    const deps = setup(false);
    expect(await restartFlow({ ...deps, search: '' })).toBe('notAllowed');
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(rememberedUserName.read()).toBe('ann');
  });

  it('direct flow: forgets the user, enables login and goes to /direct without a reset call', async () => {
    const deps = setup(true);
    expect(await restartFlow({ ...deps, search: '?x-flow-state=abc' })).toBe('restarted');
    expect(deps.resetUser).not.toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/direct');
    expect(rememberedUserName.read()).toBeNull();
    expect(deps.store.get(userNameAtom)).toBeNull();
    // Login is enabled again, in the same task as the navigation (one commit: the factor screen
    // never renders with the new status).
    expect(deps.store.get(authStatusAtom)).toBe(AuthStatus.None);
  });

  it('oauth2 flow with x-flow-state: resets the user, then goes to oauth2?restart=true', async () => {
    const deps = setup(true);
    flowType.write('oauth2');
    await restartFlow({ ...deps, search: '?x-flow-state=abc' });
    expect(deps.resetUser).toHaveBeenCalledWith('Ann');
    expect(deps.navigate).toHaveBeenCalledWith('/oauth2?restart=true');
  });

  it('oauth2 flow without x-flow-state: no reset call', async () => {
    const deps = setup(true);
    flowType.write('oauth2');
    await restartFlow({ ...deps, search: '' });
    expect(deps.resetUser).not.toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/oauth2?restart=true');
  });

  it("a failed reset → 'Error resetting user' and restart needed", async () => {
    const deps = setup(true, false);
    flowType.write('oauth2');
    expect(await restartFlow({ ...deps, search: '?x-flow-state=abc' })).toBe('failed');
    expect(deps.store.get(errorMessageAtom)).toBe('Error resetting user');
    // Restart needed: the shell opens the restart notice on this status (useRestartNotice).
    expect(deps.store.get(authStatusAtom)).toBe(AuthStatus.RestartNeeded);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('takes the API client as `api` too', async () => {
    const deps = setup(true);
    flowType.write('oauth2');
    const { resetUser, ...rest } = deps;
    await restartFlow({ ...rest, api: { resetUser }, search: '?x-flow-state=abc' });
    expect(resetUser).toHaveBeenCalledWith('Ann');
  });
});
