import { paths } from '@portal/shared/routes/paths';
import { authStatusAtom, errorMessageAtom } from '@portal/shared/session/atoms';
import { AuthStatus } from '@portal/shared/session/authStatus';
import { isOauth2Flow } from '@portal/shared/storage/sessionStore';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** 'Click to retry login': login enabled again and the flow's start route opened. */
export function useStartOver(): () => void {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(() => {
    store.set(errorMessageAtom, null);
    store.set(authStatusAtom, AuthStatus.None);
    navigate(isOauth2Flow() ? `${paths.oauth2}?restart=true` : paths.direct);
  }, [store, navigate]);
}
