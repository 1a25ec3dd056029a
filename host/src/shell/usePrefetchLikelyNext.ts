import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { preloadExposes } from '../federation/runtime';
import { likelyNext } from '../routes';

const requested = new Set<string>();

/** While the browser is idle, fetch the remote the user most likely needs next. */
export function usePrefetchLikelyNext(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const next = likelyNext[pathname];
    if (!next || requested.has(next.remote)) return;
    const schedule = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = schedule(() => {
      requested.add(next.remote);
      // A failed prefetch is harmless: the route loads (and reports) it again when visited.
      preloadExposes(next.remote, next.exposes).catch(() => requested.delete(next.remote));
    });
    return () => cancel(handle);
  }, [pathname]);
}
