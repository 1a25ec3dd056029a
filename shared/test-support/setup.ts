import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { takeUnexpectedRequests } from './fakeServer';
import { freshPortalStore } from './freshStore';

// The setup file of every front-end package's tests (vitestPreset.ts).

// Tell React that tests wrap updates in act(), so it warns about the ones that are not.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/*
 * The portal's one store (`portalStore` of `@portal/shared/session`), and the API client bound to
 * it (`api` of `@portal/shared/transport`), are new for every test: what one test leaves in the
 * session (a token, a status, a flow state) never reaches the next. They are mocked by file: the
 * entries re-export those files, so every importer sees the mock. Module state cannot be replaced after import, so both modules hand out
 * the current test's store and client through getters.
 */
vi.mock('../src/session/store', () => ({
  get portalStore() {
    return freshPortalStore.store();
  },
}));
vi.mock('../src/api/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/api/client')>();
  return {
    createApiClient: actual.createApiClient,
    get api() {
      return freshPortalStore.client(actual.createApiClient);
    },
  };
});

beforeEach(() => freshPortalStore.renew());

/** Every cookie of the test's document, expired: the next test (or file) starts with none. */
function clearCookies(): void {
  if (typeof document === 'undefined') return;
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
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
