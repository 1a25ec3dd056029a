import { startOverPath, useNavigate } from '@portal/shared/router';
import { errorMessageAtom } from '@portal/shared/session';
import { isOauth2Flow } from '@portal/shared/storage';
import { useStore } from 'jotai';
import { useCallback } from 'react';

/** 'Click to retry login': login enabled again and the flow's start route opened. */
export function useStartOver(): () => void {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(() => {
    // Login is enabled again by the start route (startLogin sets status None once it shows);
    // setting it here would let a factor screen's guard send the user to /home first.
    store.set(errorMessageAtom, null);
    navigate(startOverPath(isOauth2Flow()));
  }, [store, navigate]);
}
