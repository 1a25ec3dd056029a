import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tell React that tests wrap updates in act(), so it warns about the ones that are not.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Unmount what a test rendered (vitest runs without globals, so testing-library cannot hook in).
afterEach(cleanup);

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
