import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { logout } from './logout';

/** The logout action for the shell and the session timers: clears, revokes, lands on /signed-out. */
export function useLogout(revoke: (token: string) => ReturnType<typeof api.revokeToken> = api.revokeToken) {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(() => logout({ store, revoke, navigate }), [store, revoke, navigate]);
}
