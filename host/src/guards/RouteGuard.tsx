import { authStatusAtom } from '@portal/shared/session';
import { useStore } from 'jotai';
import { type ReactNode, useMemo } from 'react';
import { Navigate, useLocation } from '@portal/shared/router';
import type { Guard } from '@portal/contributions/schema';
import { guardTarget } from './guardTarget';

/**
 * Decides once per navigation, like a route guard: a screen that changes the auth status while
 * it is shown (a push that was denied, a flow that ends) keeps showing its own message and
 * navigates on by itself; it is not pulled away mid-sentence.
 */
export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const store = useStore();
  const { key } = useLocation();
  // Re-decided on each navigation (the location key), not on each status change.
  const target = useMemo(() => guardTarget(guard, store.get(authStatusAtom)), [guard, store, key]);
  return target === null ? children : <Navigate to={target} replace />;
}
