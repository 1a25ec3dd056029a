import type { RecordedRequest, Reply } from '@portal/shared/test-support/fakeServer';
import {
  clientTokenAtom,
  flowStateAtom,
  serviceUrlAtom,
  userNameAtom,
  userTokenAtom,
  portalStore,
} from '@portal/shared/session';
import { expect } from 'vitest';

export const SERVICE = 'http://sso.test/default/';

/**
 * A signed-in user as self-service finds them. A sign-in flow state is still in the store, so a
 * test sees that self-service calls do not send it.
 */
export function signedIn(userName = 'pat.password'): void {
  portalStore.set(serviceUrlAtom, SERVICE);
  portalStore.set(clientTokenAtom, 'client-token');
  portalStore.set(userTokenAtom, 'user-token');
  portalStore.set(userNameAtom, userName);
  portalStore.set(flowStateAtom, 'sign-in-flow');
}

/** The service's error reply, whose message self-service shows. */
export const serviceError = (message: string, status = 400): Reply => ({
  status,
  json: { errorCode: '8800001', errorMessage: message },
});

/** A self-service call: the user's token, and no sign-in flow state. */
export function expectUserCall(request: RecordedRequest | undefined): void {
  expect(request?.headers.get('Authorization')).toBe('Bearer user-token');
  expect(request?.headers.has('X-Flow-State')).toBe(false);
}
