import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  applyPortalConfig,
  defaultPortalConfig,
  portalConfigAtom,
  userInfoTitleFor,
} from '../src/config/portalConfig';

const titles = { clients: 'Not you? Switch user', employees: 'Sign in as someone else' };

describe('the user-info banner title of the portal configuration', () => {
  it("is the one set for the portal's audience", () => {
    expect(userInfoTitleFor({ ...defaultPortalConfig, audience: 'clients', userInfoTitle: titles })).toBe(
      titles.clients,
    );
    expect(userInfoTitleFor({ ...defaultPortalConfig, audience: 'employees', userInfoTitle: titles })).toBe(
      titles.employees,
    );
  });

  it('is none without one for the audience, or when blank', () => {
    expect(userInfoTitleFor(defaultPortalConfig)).toBeNull();
    expect(userInfoTitleFor({ ...defaultPortalConfig, userInfoTitle: { employees: 'x' } })).toBeNull();
    expect(userInfoTitleFor({ ...defaultPortalConfig, userInfoTitle: { clients: '  ' } })).toBeNull();
  });

  it('comes through with the rest of the configuration (and a configuration without it still applies)', () => {
    const store = createStore();
    const { userInfoTitle: _none, ...withoutTitle } = { ...defaultPortalConfig, userInfoTitle: undefined };
    applyPortalConfig(store, withoutTitle);
    expect(userInfoTitleFor(store.get(portalConfigAtom))).toBeNull();
    applyPortalConfig(store, { ...withoutTitle, userInfoTitle: titles });
    expect(userInfoTitleFor(store.get(portalConfigAtom))).toBe(titles.clients);
  });
});
