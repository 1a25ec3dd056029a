import { useStore } from 'jotai';
import { useCallback } from 'react';
import { announcementAtom } from '../session/atoms';
import type { PortalStore } from '../session/store';

/**
 * Says `text` through the host's one polite live region (ui/Announcer): which screen opened,
 * what an action did ('Credential deleted'). The region is always in the page, so a screen
 * reader hears the words that are put into it.
 */
export function announce(store: PortalStore, text: string): void {
  const serial = (store.get(announcementAtom)?.serial ?? 0) + 1;
  store.set(announcementAtom, { text, serial });
}

/** `announce` bound to the portal's store, for screens. */
export function useAnnounce(): (text: string) => void {
  const store = useStore();
  return useCallback((text: string) => announce(store, text), [store]);
}
