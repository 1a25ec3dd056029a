import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { takeUnexpectedRequests } from './fakeServer';
import { freshPortalStore } from './freshStore';

// The setup file of every front-end package's tests (vitestPreset.ts).

// Tell React that tests wrap updates in act(), so it warns about the ones that are not.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/*
 * The portal's one store (`@portal/shared/session/store`), and the API client bound to it, are
 * new for every test: what one test leaves in the session (a token, a status, a flow state)
 * never reaches the next. Module state cannot be replaced after import, so both modules hand out
 * the current test's store and client through getters.
 */
vi.mock('@portal/shared/session/store', () => ({
  get portalStore() {
    return freshPortalStore.store();
  },
}));
vi.mock('@portal/shared/api/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared/api/client')>();
  return {
    createApiClient: actual.createApiClient,
    get api() {
      return freshPortalStore.client(actual.createApiClient);
    },
  };
});

beforeEach(() => freshPortalStore.renew());

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  expect(takeUnexpectedRequests(), 'requests the fake server had no answer for').toEqual([]);
});

// jsdom has HTMLDialogElement without showModal/close: a minimal stand-in with the same effects.
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
