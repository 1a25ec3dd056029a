import { contributionsAtom } from '@portal/shared/contributions';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { preloadScreen } from '../federation/screenCache';
import { likelyNextScreens } from '../routing/routeTable';

/** Lets the screen finish its own start-up requests (client token…) before the prefetch competes. */
const PREFETCH_DELAY_MS = 300;

/**
 * Once a screen has rendered, load the screens the user most likely needs next while the browser
 * is idle (code and styles, evaluated): the screens of its route's contributed `likelyNext`, so the next step renders in the same commit as its
 * navigation and the first screen pays nothing.
 */
export function usePrefetchLikelyNext(pathname: string): void {
  const store = useStore();
  useEffect(() => {
    const next = likelyNextScreens(store.get(contributionsAtom), pathname);
    if (next.length === 0) return;
    const whenIdle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    let idle: number | undefined;
    const delay = window.setTimeout(() => {
      idle = whenIdle(() => {
        // One after the other, most likely first: the network stays free for the screen's own calls.
        // A failed prefetch is harmless: the route loads (and reports) it again when visited.
        void next.reduce(
          (previous, { remote, expose }) => previous.then(() => preloadScreen(remote, expose)),
          Promise.resolve(),
        );
      });
    }, PREFETCH_DELAY_MS);
    return () => {
      window.clearTimeout(delay);
      if (idle !== undefined) cancelIdle(idle);
    };
  }, [pathname, store]);
}
