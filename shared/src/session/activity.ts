import { lastTransactionAtom, lastUserActivityAtom } from './atoms';
import type { PortalStore } from './store';

/**
 * Calls `listener` after every server response (the API client sets lastTransactionAtom each
 * time), background calls included. Returns the unsubscribe function.
 */
export function onServerActivity(store: PortalStore, listener: (at: Date) => void): () => void {
  return store.sub(lastTransactionAtom, () => {
    const at = store.get(lastTransactionAtom);
    if (at) listener(at);
  });
}

/**
 * Calls `listener` after every response to a call the user caused (lastUserActivityAtom; not the
 * scheduled token refresh): the idle timer's signal. Returns the unsubscribe function.
 */
export function onUserActivity(store: PortalStore, listener: (at: Date) => void): () => void {
  return store.sub(lastUserActivityAtom, () => {
    const at = store.get(lastUserActivityAtom);
    if (at) listener(at);
  });
}
