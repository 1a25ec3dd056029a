import { useEffect } from 'react';
import { preloadExposes } from '../federation/runtime';
import { likelyNext } from '../routes';

const requested = new Set<string>();
/** Lets the screen finish its own start-up requests (client token…) before the prefetch competes. */
const PREFETCH_DELAY_MS = 1000;

/**
 * Once a screen has rendered, fetch the remote the user most likely needs next while the
 * browser is idle, so the next step opens without a wait and the first screen pays nothing.
 */
export function usePrefetchLikelyNext(pathname: string): void {
  useEffect(() => {
    const next = likelyNext[pathname];
    if (!next || requested.has(next.remote)) return;
    const whenIdle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    let idle: number | undefined;
    const delay = window.setTimeout(() => {
      idle = whenIdle(() => {
        requested.add(next.remote);
        // A failed prefetch is harmless: the route loads (and reports) it again when visited.
        preloadExposes(next.remote, next.exposes).catch(() => requested.delete(next.remote));
      });
    }, PREFETCH_DELAY_MS);
    return () => {
      window.clearTimeout(delay);
      if (idle !== undefined) cancelIdle(idle);
    };
  }, [pathname]);
}
