import { portalConfigAtom } from '@portal/shared/config';
import { serviceUrlAtom, ssoUrlAtom } from '@portal/shared/session';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { samlPolicyFrom } from '../src/idp/samlPolicy';

describe('samlPolicyFrom: where the identity provider’s SAML form may post', () => {
  it('the service URL’s origin (plain http allowed for it) and the configured service origins', () => {
    const store = createStore();
    store.set(serviceUrlAtom, 'http://localhost:8090/default/');
    store.set(portalConfigAtom, {
      ...store.get(portalConfigAtom),
      serviceOrigins: ['https://idp.example.com'],
    });
    expect(samlPolicyFrom(store)).toEqual({
      allowedOrigins: ['http://localhost:8090', 'https://idp.example.com'],
      insecureOrigins: ['http://localhost:8090'],
    });
  });

  it('with the portal’s proxy as service URL: the SSO the environment names, not the portal’s own origin', () => {
    const store = createStore();
    store.set(serviceUrlAtom, 'http://localhost:8080/common/portal/proxy/');
    store.set(ssoUrlAtom, 'http://localhost:8090/default/');
    expect(samlPolicyFrom(store)).toEqual({
      allowedOrigins: ['http://localhost:8090'],
      insecureOrigins: ['http://localhost:8090'],
    });
  });
});
