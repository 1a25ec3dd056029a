import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { readTrustedDeviceId, rememberTrustedDevice } from '../src/auth/deviceCookies';
import { pageTrustedDeviceId, serverKeepsTrustedDevice } from '../src/auth/trustedDeviceCustody';
import { applyNextAction } from '../src/flow/applyNextAction';
import { serviceUrlAtom } from '../src/session/atoms';
import { trustedDeviceCookieName } from '../src/storage/cookieNames';
import { cookieJar } from '../test-support/cookieJar';

const PAGE = 'https://portal.example.com';

function storeWith(serviceUrl: string | null) {
  const store = createStore();
  store.set(serviceUrlAtom, serviceUrl);
  return store;
}

describe('serverKeepsTrustedDevice', () => {
  it.each([
    [`${PAGE}/common/portal/proxy/`, true],
    ['/common/portal/proxy/', true],
    ['https://sso.example.com/default/', false],
    ['https://other.example.com/common/portal/proxy/', false],
    [null, false],
  ])('service URL %j → %s', (serviceUrl, expected) => {
    expect(serverKeepsTrustedDevice(storeWith(serviceUrl), PAGE)).toBe(expected);
  });
});

describe('pageTrustedDeviceId', () => {
  it('direct to the SSO: the id from the page cookie, as before', () => {
    const jar = cookieJar(true);
    rememberTrustedDevice('tom.trusted', 'td-1', 30, jar);
    expect(pageTrustedDeviceId(storeWith('https://sso.example.com/default/'), 'tom.trusted', jar)).toBe(
      'td-1',
    );
  });

  it('through the proxy: no id from the page, and a readable copy left from before is removed', () => {
    const jar = cookieJar(true);
    rememberTrustedDevice('tom.trusted', 'td-1', 30, jar);
    const store = storeWith('/common/portal/proxy/');
    expect(serverKeepsTrustedDevice(store)).toBe(true);
    expect(pageTrustedDeviceId(store, 'tom.trusted', jar)).toBeNull();
    expect(readTrustedDeviceId('tom.trusted', jar)).toBeNull();
  });
});

describe('applyNextAction with the proxy as service URL', () => {
  it('writes no tdi- cookie from an AUTH_ALLOWED reply (the portal server keeps the id)', async () => {
    const store = storeWith(`${location.origin}/common/portal/proxy/`);
    const getUserToken = async () => ({ ok: true as const, status: 200, data: { access_token: 'u' } });
    const deps = { store, navigate: () => {}, redirect: () => {}, api: { getUserToken }, now: () => 0 };
    await applyNextAction(
      {
        nextaction: 'AUTH_ALLOWED',
        userName: 'pat.password',
        additional: { isTrustedDeviceEnabled: true, trustedDeviceId: 'td-9', trustedDeviceExpiryDays: 30 },
      },
      deps,
    );
    expect(document.cookie).not.toContain(trustedDeviceCookieName('pat.password'));
  });
});
