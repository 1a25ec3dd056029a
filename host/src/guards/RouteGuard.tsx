import { authStatusAtom } from '@portal/shared/session/atoms';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Guard } from '../routes';
import { guardTarget } from './guardTarget';

export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const status = useAtomValue(authStatusAtom);
  const target = guardTarget(guard, status);
  return target === null ? children : <Navigate to={target} replace />;
}
