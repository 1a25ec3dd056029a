import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalStore } from '@portal/shared/session';
import { chooseAnotherFactor, factorLevelOf, factorSelectionAllowed } from '../src/flow/moreOptions';
import { fakeServer } from '../test-support/fakeServer';
import { restartFlow } from '../src/flow/restartFlow';
import {
  allowUserResetAtom,
  factorOptionsAtom,
  factorReplyAtom,
  fidoCredTypeAtom,
  selectionLevelAtom,
  serviceUrlAtom,
} from '../src/session/atoms';
import { transition } from '../src/session/signInState';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("'More Options' is offered when factor selection is allowed (one rule)", () => {
  it('when the reply lists several current factors', () => {
    expect(factorSelectionAllowed({ currentFactors: ['SMSOTP', 'PUSH'] }, null)).toBe(true);
  });
  it('when the selection screen offered a choice at this factor level', () => {
    const reply = { currentFactors: ['SMSOTP'], additional: { currentFactorLevel: 2 } };
    expect(factorLevelOf(reply)).toBe('2');
    expect(factorSelectionAllowed(reply, '2')).toBe(true);
    expect(factorSelectionAllowed(reply, '1')).toBe(false);
  });
  it('not for a step with one factor and no choice', () => {
    expect(factorSelectionAllowed({ currentFactors: ['SMSOTP'] }, null)).toBe(false);
    expect(factorSelectionAllowed({ currentFactors: ['PASSWORD'], additional: {} }, null)).toBe(false);
    expect(factorSelectionAllowed(null, null)).toBe(false);
  });
});

describe("'More Options' asks the server to choose another factor", () => {
  const SERVICE = 'http://sso.test/default/';

  it('and marks the reply so a remembered factor is not submitted again: the user asked to choose', async () => {
    portalStore.set(serviceUrlAtom, SERVICE);
    const server = fakeServer({ base: SERVICE }).on('POST', 'auth/v1/SelectedFactor', {
      json: { nextaction: 'FACTOR_SELECTION', currentFactors: ['PASSWORD', 'SMSOTP'] },
    });
    const result = await chooseAnotherFactor();
    expect(server.requestsTo('POST', 'auth/v1/SelectedFactor')[0]?.body).toEqual({ action: 'chooseanother' });
    expect(result).toMatchObject({
      ok: true,
      data: { nextaction: 'FACTOR_SELECTION', skipFactorAutoRedirect: true },
    });
  });

  it('passes a failure on as it is', async () => {
    portalStore.set(serviceUrlAtom, SERVICE);
    fakeServer({ base: SERVICE }).on('POST', 'auth/v1/SelectedFactor', {
      status: 400,
      json: { errorCode: '8800020', errorMessage: 'Unexpected factor' },
    });
    expect(await chooseAnotherFactor()).toMatchObject({ ok: false, error: { message: 'Unexpected factor' } });
  });
});

/** A store in the middle of a factor step reached through factor selection at level 1. */
function midFlow() {
  const store = createStore();
  store.set(factorReplyAtom, { currentFactors: ['SMSOTP'], additional: { currentFactorLevel: 1 } });
  store.set(factorOptionsAtom, [{ credId: 'c1', credType: 'sms', credValue: '+1 555' }]);
  store.set(fidoCredTypeAtom, 'PASSKEY');
  store.set(selectionLevelAtom, '1');
  return store;
}

function expectFlowReset(store: ReturnType<typeof createStore>) {
  expect(store.get(selectionLevelAtom)).toBeNull();
  expect(store.get(factorReplyAtom)).toBeNull();
  expect(store.get(factorOptionsAtom)).toEqual([]);
  expect(store.get(fidoCredTypeAtom)).toBeNull();
}

/** Login start resets them too: remote-login's test/loginStart.test.ts. */
describe('the flow-scoped atoms, selectionLevelAtom included, are reset with the flow', () => {
  it.each(['signedOut', 'denied', 'restartNeeded', 'authenticated'] as const)(
    'on the %s transition',
    (type) => {
      const store = midFlow();
      transition(store, { type });
      expectFlowReset(store);
    },
  );

  it('on restart', async () => {
    const store = midFlow();
    store.set(allowUserResetAtom, true);
    await restartFlow({ store, navigate: vi.fn(), resetUser: vi.fn(), search: '' });
    expectFlowReset(store);
  });
});
