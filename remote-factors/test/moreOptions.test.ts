import { serviceUrlAtom, portalStore } from '@portal/shared/session';
import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { describe, expect, it } from 'vitest';
import {
  chooseAnotherFactor,
  factorLevelOf,
  factorSelectionAllowed,
} from '../src/moreOptions/moreOptionsRule';

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
