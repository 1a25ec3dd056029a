import { afterEach, describe, expect, it } from 'vitest';
import { dropFlowStateFromAddress } from '../src/routes/flowAddress';

// The hand-back's x-flow-state and isIDP leave the address and its history entry (issue 14).

afterEach(() => {
  globalThis.history.replaceState(null, '', '/');
});

describe('dropFlowStateFromAddress', () => {
  it('removes x-flow-state and isIDP, keeps the other parameters, the hash and the router state', () => {
    const routerState = { usr: { mode: 'login' }, key: 'k1', idx: 3 };
    globalThis.history.pushState(
      routerState,
      '',
      '/idpComplete?isIDP=true&x-flow-state=abc&X-CLIENT-TRANSACTION-ID=t-1#top',
    );
    const length = globalThis.history.length;
    dropFlowStateFromAddress();
    expect(globalThis.location.href).toBe(
      `${globalThis.location.origin}/idpComplete?X-CLIENT-TRANSACTION-ID=t-1#top`,
    );
    expect(globalThis.history.state).toEqual(routerState);
    // The entry was replaced, not added: going back cannot reach the old address.
    expect(globalThis.history.length).toBe(length);
  });

  it('leaves an address without them alone', () => {
    globalThis.history.pushState({ key: 'k2' }, '', '/oauth2?restart=true');
    dropFlowStateFromAddress();
    expect(`${globalThis.location.pathname}${globalThis.location.search}`).toBe('/oauth2?restart=true');
  });
});
