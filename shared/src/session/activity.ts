import { lastTransactionAtom } from '@portal/shared/session/atoms';
import type { PortalStore } from '@portal/shared/session/store';

/**
 * Calls `listener` after every server response (the API client sets lastTransactionAtom each
 * time), so the idle-logout timer can restart its countdown. Returns the unsubscribe function.
 */
export function onServerActivity(store: PortalStore, listener: (at: Date) => void): () => void {
  return store.sub(lastTransactionAtom, () => {
    const at = store.get(lastTransactionAtom);
    if (at) listener(at);
  });
}
