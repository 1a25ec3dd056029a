import { useStore } from 'jotai';
import { useCallback } from 'react';
import { openTarget } from '../flow/navigation';
import { useNavigate } from '../router';
import { type SignInEvent, type SignInTarget, transition } from './signInState';

/**
 * Raises a sign-in event from a screen: the transition changes the state and the router opens
 * its target in the same task (one commit, see transition).
 */
export function useSignInTransition(): (event: SignInEvent) => SignInTarget | null {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(
    (event) => {
      const target = transition(store, event);
      openTarget(navigate, target);
      return target;
    },
    [store, navigate],
  );
}
