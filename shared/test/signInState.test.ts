import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthReply } from '../src/api/schemas';
import {
  authStatusAtom,
  clientTokenAtom,
  errorMessageAtom,
  factorOptionsAtom,
  factorReplyAtom,
  fidoCredTypeAtom,
  flowStateAtom,
  loginNameAtom,
  passkeyOfferMadeAtom,
  refreshTokenAtom,
  selectionLevelAtom,
  signInFidoTypeAtom,
  tokenExpiryAtom,
  userNameAtom,
  userTokenAtom,
} from '../src/session/atoms';
import { AuthStatus } from '../src/session/authStatus';
import { transition } from '../src/session/signInState';
import { rememberedUserName } from '../src/storage/localStore';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

type Store = ReturnType<typeof createStore>;

/** A store in the middle of a factor step: a user, a flow state, its reply and options. */
function midFlow(): Store {
  const store = createStore();
  store.set(authStatusAtom, AuthStatus.Factor);
  store.set(userNameAtom, 'ann');
  store.set(loginNameAtom, 'Ann');
  store.set(clientTokenAtom, 'ct');
  store.set(flowStateAtom, 'fs-1');
  store.set(factorReplyAtom, { nextaction: 'FACTOR_SELECTION', currentFactors: ['SMSOTP', 'PUSH'] });
  store.set(factorOptionsAtom, [{ credId: 'c1', credType: 'sms', credValue: '+1' }]);
  store.set(fidoCredTypeAtom, 'PASSKEY');
  store.set(selectionLevelAtom, '1');
  store.set(errorMessageAtom, 'an earlier message');
  rememberedUserName.write('ann');
  return store;
}

function expectFlowScopeReset(store: Store) {
  expect(store.get(factorReplyAtom)).toBeNull();
  expect(store.get(factorOptionsAtom)).toEqual([]);
  expect(store.get(fidoCredTypeAtom)).toBeNull();
  expect(store.get(selectionLevelAtom)).toBeNull();
}

describe('sign-in transitions (spec section 4): status, flow atoms and target together', () => {
  it('start: status None, the last factor step and its error forgotten, names and flow state kept, no target', () => {
    const store = midFlow();
    store.set(authStatusAtom, AuthStatus.RestartNeeded);
    // The last sign-in's error (a null reply's, shown on the not-found page) is not this one's.
    store.set(errorMessageAtom, 'Server error, response is null');
    expect(transition(store, { type: 'start' })).toBeNull();
    expect(store.get(errorMessageAtom)).toBeNull();
    expect(store.get(authStatusAtom)).toBe(AuthStatus.None);
    expectFlowScopeReset(store);
    expect(store.get(userNameAtom)).toBe('ann');
    expect(store.get(flowStateAtom)).toBe('fs-1');
  });

  it('factorStep: status Factor, the reply, its options and FIDO type kept, message cleared, its screen', () => {
    const store = createStore();
    store.set(errorMessageAtom, 'old');
    const reply: AuthReply = {
      nextaction: 'PASSKEY_AUTH_GENERATE_CHALLENGE',
      credentials: [{ credId: 'k1', credType: 'passkey', credValue: 'phone' }],
    };
    const target = transition(store, {
      type: 'factorStep',
      path: '/passkey',
      reply,
      fidoCredType: 'PASSKEY',
      state: { mode: 'login' },
    });
    expect(target).toEqual({ to: '/passkey', state: { mode: 'login' } });
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Factor);
    expect(store.get(factorReplyAtom)).toEqual(reply);
    expect(store.get(factorOptionsAtom)).toEqual(reply.credentials);
    expect(store.get(fidoCredTypeAtom)).toBe('PASSKEY');
    expect(store.get(errorMessageAtom)).toBeNull();
  });

  it('factorStep without a reply (change password): status Factor, its screen', () => {
    const store = midFlow();
    expect(transition(store, { type: 'factorStep', path: '/changePassword' })).toEqual({
      to: '/changePassword',
    });
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Factor);
    expect(store.get(factorOptionsAtom)).toHaveLength(1);
  });

  it('authenticated: tokens kept once, the transaction over (no flow state, step or error), welcome', () => {
    const store = midFlow();
    store.set(errorMessageAtom, 'Server error, response is null');
    const target = transition(store, {
      type: 'authenticated',
      tokens: { access_token: 'at', refresh_token: `rh1.${'h'.repeat(43)}`, expires_in: 60 },
      now: 1_000,
    });
    expect(target).toEqual({ to: '/welcome' });
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Authenticated);
    expect(store.get(userTokenAtom)).toBe('at');
    // The page never keeps a refresh token itself, only its sign-in's handle (the server seals the token).
    expect(store.get(refreshTokenAtom)).toBe(`rh1.${'h'.repeat(43)}`);
    expect(store.get(tokenExpiryAtom)).toBe(61_000);
    expect(store.get(flowStateAtom)).toBeNull();
    expect(store.get(errorMessageAtom)).toBeNull();
    expectFlowScopeReset(store);
    // The signed-in user is still named (banner, welcome).
    expect(store.get(userNameAtom)).toBe('ann');
  });

  it('authenticated without tokens (an id_token exchange kept them) leaves the tokens alone', () => {
    const store = midFlow();
    store.set(userTokenAtom, 'exchanged');
    transition(store, { type: 'authenticated' });
    expect(store.get(userTokenAtom)).toBe('exchanged');
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Authenticated);
  });

  it('restartNeeded: status 3, the reason kept for the notice, no target (the shell opens it)', () => {
    const store = midFlow();
    expect(transition(store, { type: 'restartNeeded', message: 'Transaction denied' })).toBeNull();
    expect(store.get(authStatusAtom)).toBe(AuthStatus.RestartNeeded);
    expect(store.get(errorMessageAtom)).toBe('Transaction denied');
    expectFlowScopeReset(store);
    // An oauth2 restart resets this user in this flow state.
    expect(store.get(userNameAtom)).toBe('ann');
    expect(store.get(flowStateAtom)).toBe('fs-1');
  });

  it('restartNeeded without a message keeps the reason a screen gave on the way', () => {
    const store = midFlow();
    transition(store, { type: 'restartNeeded', message: 'Error resetting user' });
    transition(store, { type: 'restartNeeded' });
    expect(store.get(errorMessageAtom)).toBe('Error resetting user');
  });

  it('denied: status None, remembered user and names forgotten, /denied', () => {
    const store = midFlow();
    expect(transition(store, { type: 'denied' })).toEqual({ to: '/denied' });
    expect(store.get(authStatusAtom)).toBe(AuthStatus.None);
    expect(rememberedUserName.read()).toBeNull();
    expect(store.get(userNameAtom)).toBeNull();
    expect(store.get(loginNameAtom)).toBeNull();
    expectFlowScopeReset(store);
  });

  it('signedOut: everything about the user forgotten, status None, /signed-out replacing', () => {
    const store = midFlow();
    transition(store, { type: 'authenticated', tokens: { access_token: 'at', refresh_token: 'rt' } });
    expect(transition(store, { type: 'signedOut' })).toEqual({ to: '/signed-out', replace: true });
    expect(store.get(authStatusAtom)).toBe(AuthStatus.None);
    expect(store.get(userTokenAtom)).toBeNull();
    expect(store.get(refreshTokenAtom)).toBeNull();
    expect(store.get(tokenExpiryAtom)).toBeNull();
    expect(store.get(clientTokenAtom)).toBeNull();
    expect(store.get(flowStateAtom)).toBeNull();
    expect(store.get(userNameAtom)).toBeNull();
    expect(store.get(loginNameAtom)).toBeNull();
    expect(store.get(errorMessageAtom)).toBeNull();
    expectFlowScopeReset(store);
  });

  it('the FIDO type a sign-in used and its passkey offer survive AUTH_ALLOWED and are forgotten at the next start and at sign-out', () => {
    const store = midFlow();
    store.set(signInFidoTypeAtom, 'PASSKEY');
    transition(store, { type: 'authenticated', tokens: { access_token: 'at', expires_in: 60 }, now: 0 });
    expect(store.get(signInFidoTypeAtom)).toBe('PASSKEY');
    store.set(passkeyOfferMadeAtom, true);
    transition(store, { type: 'start' });
    expect(store.get(signInFidoTypeAtom)).toBeNull();
    expect(store.get(passkeyOfferMadeAtom)).toBe(false);
    store.set(signInFidoTypeAtom, 'SECURITYKEY');
    store.set(passkeyOfferMadeAtom, true);
    transition(store, { type: 'signedOut' });
    expect(store.get(signInFidoTypeAtom)).toBeNull();
    expect(store.get(passkeyOfferMadeAtom)).toBe(false);
  });

  it('reset: remembered user and names forgotten, login enabled, the flow start route', () => {
    const direct = midFlow();
    expect(transition(direct, { type: 'reset', oauth2: false })).toEqual({ to: '/direct' });
    expect(direct.get(authStatusAtom)).toBe(AuthStatus.None);
    expect(rememberedUserName.read()).toBeNull();
    expect(direct.get(userNameAtom)).toBeNull();
    expect(direct.get(errorMessageAtom)).toBeNull();
    expectFlowScopeReset(direct);

    const oauth2 = midFlow();
    expect(transition(oauth2, { type: 'reset', oauth2: true })).toEqual({ to: '/oauth2?restart=true' });
  });
});
