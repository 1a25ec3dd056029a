import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { AuthReply } from '../src/api/schemas';
import { rememberTrustedDevice } from '../src/auth/deviceCookies';
import { contributionsAtom } from '../src/contributions/contributionsAtom';
import { applyNextAction } from '../src/flow/applyNextAction';
import {
  authStatusAtom,
  errorMessageAtom,
  factorOptionsAtom,
  factorReplyAtom,
  fidoCredTypeAtom,
  flowStateAtom,
  serviceUrlAtom,
  ssoUrlAtom,
  userNameAtom,
  userTokenAtom,
} from '../src/session/atoms';
import { AuthStatus } from '../src/session/authStatus';
import { trustedDeviceCookieName } from '../src/storage/cookieNames';
import { savedQueryParams } from '../src/storage/sessionStore';
import { testContributions } from './claims';

function setup() {
  const store = createStore();
  store.set(serviceUrlAtom, 'http://localhost:8090/default/');
  store.set(contributionsAtom, testContributions);
  const navigate = vi.fn();
  const redirect = vi.fn();
  const getUserToken = vi.fn(async (assertion: string) => {
    store.set(userTokenAtom, `user-token-for-${assertion}`);
    return { ok: true as const, status: 200, data: { access_token: 'u' } };
  });
  const deps = { store, navigate, redirect, api: { getUserToken }, now: () => 0 };
  return { store, navigate, redirect, getUserToken, deps };
}

/**
 * Restart needed: the status says so and the caller's router stays put, since the shell opens the
 * restart notice on that status (useRestartNotice, tested in restartNotice.test.tsx).
 */
function expectRestartNeeded(store: ReturnType<typeof createStore>, navigate: ReturnType<typeof vi.fn>) {
  expect(store.get(authStatusAtom)).toBe(AuthStatus.RestartNeeded);
  expect(navigate).not.toHaveBeenCalled();
}

describe('applyNextAction', () => {
  it('a factor screen: status Factor, user name, options, the reply, then navigation', async () => {
    const { store, navigate, deps } = setup();
    const reply: AuthReply = {
      nextaction: 'FACTOR_SELECTION',
      userName: 'felix.factors',
      currentFactors: ['SMSOTP', 'PUSH'],
      customFactorOptions: { 'IDP/corp': 'Corporate SSO - Internal' },
      credentials: [{ credId: 'c1', credType: 'sms', credValue: '+1', default: true }],
    };
    await applyNextAction(reply, deps);
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Factor);
    expect(store.get(userNameAtom)).toBe('felix.factors');
    expect(store.get(factorOptionsAtom)).toEqual(reply.credentials);
    expect(store.get(factorReplyAtom)).toEqual(reply);
    expect(navigate).toHaveBeenCalledWith('/factorselection', { state: {} });
  });

  it('FIDO registration: the credential type and mode', async () => {
    const { store, navigate, deps } = setup();
    await applyNextAction({ nextaction: 'PASSKEY_REGISTER_GENERATE_CHALLENGE' }, deps);
    expect(store.get(fidoCredTypeAtom)).toBe('PASSKEY');
    expect(navigate).toHaveBeenCalledWith('/passkey', {
      state: { fidoCredType: 'PASSKEY', mode: 'register' },
    });
  });

  it('*_OTP_AUTH keeps the flow state and stays', async () => {
    const { store, navigate, deps } = setup();
    await applyNextAction({ nextaction: 'SMS_OTP_AUTH', flowState: 'fs-2' }, deps);
    expect(store.get(flowStateAtom)).toBe('fs-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('AUTH_ALLOWED with only an id_token exchanges it, then welcome', async () => {
    const { store, navigate, getUserToken, deps } = setup();
    store.set(flowStateAtom, 'sign-in-transaction');
    await applyNextAction({ nextaction: 'AUTH_ALLOWED', id_token: 'id-1', userName: 'pat' }, deps);
    expect(getUserToken).toHaveBeenCalledWith('id-1');
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Authenticated);
    // The sign-in transaction is over: its flow state does not ride along on signed-in calls.
    expect(store.get(flowStateAtom)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/welcome');
  });

  it('AUTH_ALLOWED with tokens keeps them in memory', async () => {
    const { store, navigate, deps } = setup();
    store.set(flowStateAtom, 'sign-in-transaction');
    await applyNextAction({ nextaction: 'AUTH_ALLOWED', access_token: 'at', expires_in: 60 }, deps);
    expect(store.get(userTokenAtom)).toBe('at');
    expect(store.get(flowStateAtom)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/welcome');
  });

  it('a failed exchange: its message and the restart notice', async () => {
    const { store, navigate, getUserToken, deps } = setup();
    getUserToken.mockResolvedValueOnce({
      ok: false,
      error: { kind: 'http', message: 'invalid_grant' },
    } as never);
    await applyNextAction({ nextaction: 'AUTH_ALLOWED', id_token: 'id-1' }, deps);
    expect(store.get(errorMessageAtom)).toBe('invalid_grant');
    expectRestartNeeded(store, navigate);
  });

  it('authCompleteUrl on the service origin: its own query kept, the current flow state added', async () => {
    const { store, redirect, deps } = setup();
    savedQueryParams.write({ 'x-flow-state': 'old' });
    store.set(flowStateAtom, 'current');
    await applyNextAction(
      {
        nextaction: 'AUTH_ALLOWED',
        authCompleteUrl: 'http://localhost:8090/default/oauth2/v1/authcomplete?completion_secret=s3cret',
      },
      deps,
    );
    expect(redirect).toHaveBeenCalledWith(
      'http://localhost:8090/default/oauth2/v1/authcomplete?completion_secret=s3cret&x-flow-state=current',
    );
    savedQueryParams.remove();
  });

  it('only the parameters the spec names go on to authcomplete: x-flow-state and a valid X-CLIENT-TRANSACTION-ID', async () => {
    const { store, redirect, deps } = setup();
    const transactionId = '3b241101-e2bb-4255-8caf-4136c566a962';
    savedQueryParams.write({
      'x-flow-state': 'old',
      'X-CLIENT-TRANSACTION-ID': transactionId,
      client: 'rp',
      redirect_uri: 'https://attacker.example/',
      completion_secret: 'from-the-entry',
      restart: 'true',
    });
    store.set(flowStateAtom, 'current');
    await applyNextAction(
      {
        nextaction: 'AUTH_ALLOWED',
        authCompleteUrl: 'http://localhost:8090/default/oauth2/v1/authcomplete?completion_secret=s3cret',
      },
      deps,
    );
    const sent = new URL(String(redirect.mock.calls[0]?.[0]));
    expect([...sent.searchParams]).toEqual([
      ['completion_secret', 's3cret'],
      ['X-CLIENT-TRANSACTION-ID', transactionId],
      ['x-flow-state', 'current'],
    ]);

    // An invalid transaction id from the entry is not passed on.
    savedQueryParams.write({ 'X-CLIENT-TRANSACTION-ID': 'not-a-uuid' });
    await applyNextAction({ nextaction: 'AUTH_ALLOWED', authCompleteUrl: 'oauth2/v1/authcomplete' }, deps);
    expect(redirect).toHaveBeenLastCalledWith(
      'http://localhost:8090/default/oauth2/v1/authcomplete?x-flow-state=current',
    );
    savedQueryParams.remove();
  });

  it('a relative authCompleteUrl: redirect to the service URL’s authcomplete (tenant path kept), with its query', async () => {
    const { store, redirect, navigate, deps } = setup();
    store.set(flowStateAtom, 'current');
    await applyNextAction(
      { nextaction: 'AUTH_ALLOWED', authCompleteUrl: 'oauth2/v1/authcomplete?completion_secret=s3cret' },
      deps,
    );
    expect(redirect).toHaveBeenCalledWith(
      'http://localhost:8090/default/oauth2/v1/authcomplete?completion_secret=s3cret&x-flow-state=current',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('with the portal’s proxy as service URL (the environment names the SSO)', () => {
    function proxied() {
      const context = setup();
      context.store.set(serviceUrlAtom, 'http://localhost:8080/common/portal/proxy/');
      context.store.set(ssoUrlAtom, 'http://localhost:8090/default/');
      context.store.set(flowStateAtom, 'current');
      return context;
    }

    it('an absolute authCompleteUrl on the SSO is followed', async () => {
      const { redirect, deps } = proxied();
      await applyNextAction(
        {
          nextaction: 'AUTH_ALLOWED',
          authCompleteUrl: 'http://localhost:8090/default/oauth2/v1/authcomplete?completion_secret=s',
        },
        deps,
      );
      expect(redirect).toHaveBeenCalledWith(
        'http://localhost:8090/default/oauth2/v1/authcomplete?completion_secret=s&x-flow-state=current',
      );
    });

    it('a relative one resolves against the SSO, never the proxy', async () => {
      const { redirect, deps } = proxied();
      await applyNextAction(
        { nextaction: 'AUTH_ALLOWED', authCompleteUrl: 'oauth2/v1/authcomplete?completion_secret=s' },
        deps,
      );
      expect(redirect).toHaveBeenCalledWith(
        'http://localhost:8090/default/oauth2/v1/authcomplete?completion_secret=s&x-flow-state=current',
      );
    });

    it('the portal’s own origin (the proxy) is no hand-back target', async () => {
      const { store, redirect, navigate, deps } = proxied();
      await applyNextAction(
        {
          nextaction: 'AUTH_ALLOWED',
          authCompleteUrl: 'http://localhost:8080/common/portal/proxy/oauth2/v1/authcomplete',
        },
        deps,
      );
      expect(redirect).not.toHaveBeenCalled();
      expectRestartNeeded(store, navigate);
    });
  });

  for (const hostile of [
    'javascript:alert(1)',
    'https://attacker.example/authcomplete',
    '//attacker.example/x',
    'data:text/html,hi',
  ]) {
    it(`a hostile authCompleteUrl (${hostile}) is never followed`, async () => {
      const { store, redirect, navigate, deps } = setup();
      await applyNextAction({ nextaction: 'AUTH_ALLOWED', authCompleteUrl: hostile }, deps);
      expect(redirect).not.toHaveBeenCalled();
      expectRestartNeeded(store, navigate);
    });
  }

  it('AUTH_DENIED goes to /denied; null goes to the wildcard route with its message', async () => {
    const { store, navigate, deps } = setup();
    await applyNextAction({ nextaction: 'AUTH_DENIED' }, deps);
    expect(store.get(authStatusAtom)).toBe(AuthStatus.None);
    expect(navigate).toHaveBeenLastCalledWith('/denied');
    await applyNextAction(null, deps);
    expect(store.get(errorMessageAtom)).toBe('Server error, response is null');
    expect(navigate).toHaveBeenLastCalledWith('/not-found');
  });

  it('an action no live remote claims goes to the restart notice', async () => {
    const { store, navigate, deps } = setup();
    await applyNextAction({ nextaction: 'NEW_THING' }, deps);
    expectRestartNeeded(store, navigate);
  });

  it('routes with the claims in the store: without them, PASSWORD_AUTH needs a restart', async () => {
    const { store, navigate, deps } = setup();
    store.set(contributionsAtom, { ...testContributions, nextActions: [] });
    await applyNextAction({ nextaction: 'PASSWORD_AUTH' }, deps);
    expectRestartNeeded(store, navigate);
  });

  it('a trusted-device id in AUTH_ALLOWED is kept in the tdi- cookie', async () => {
    const { deps } = setup();
    await applyNextAction(
      {
        nextaction: 'AUTH_ALLOWED',
        id_token: 'id',
        userName: 'pat.password',
        additional: { isTrustedDeviceEnabled: true, trustedDeviceId: 'td-9', trustedDeviceExpiryDays: 30 },
      },
      deps,
    );
    expect(document.cookie).toContain(`${trustedDeviceCookieName('pat.password')}=td-9`);
  });

  it('a routed reply saying the device is no longer trusted removes its tdi- cookie', async () => {
    const { deps } = setup();
    const name = trustedDeviceCookieName('tom.trusted');
    rememberTrustedDevice('tom.trusted', 'td-old', 30);
    await applyNextAction(
      {
        nextaction: 'SMS_OTP_AUTH',
        flowState: 'fs-2',
        userName: 'tom.trusted',
        additional: { isTrustedDeviceEnabled: true, trustedDeviceId: 'td-old' },
      },
      deps,
    );
    expect(document.cookie).toContain(`${name}=td-old`);
    await applyNextAction(
      {
        nextaction: 'PASSWORD_AUTH',
        flowState: 'fs-1',
        userName: 'tom.trusted',
        additional: { isTrustedDeviceEnabled: false, trustedDeviceId: '', trustedDeviceExpiryDays: 30 },
      },
      deps,
    );
    expect(document.cookie).not.toContain(name);
  });
});
