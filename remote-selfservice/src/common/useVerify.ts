import { type Call, useLocalisedServerCall } from '@portal/shared/ui';
import type { Saying } from '@portal/shared/words';
import { paths } from '../paths';
import { useNavigate } from '@portal/shared/router';
import { useCallback } from 'react';
import { serviceErrorText } from './errorText';
import { newCredAddedState } from './newCredAdded';

/**
 * Runs a registration's verifying call through useLocalisedServerCall (cancelled when the screen is
 * left); success opens self-service with the 'new credential added' notice, a failure (a null
 * reply too: self-service has no next action to route) becomes the banner text. Returns whether
 * it succeeded.
 */
export function useVerify() {
  const navigate = useNavigate();
  const { busy, error, setError, run } = useLocalisedServerCall();
  const verify = useCallback(
    async (call: Call<unknown>, failureText?: Saying): Promise<boolean> => {
      let verified = false;
      await run(
        call,
        () => {
          verified = true;
          navigate(paths.selfService, { state: newCredAddedState });
        },
        { routeNull: false, onError: (failure) => failureText ?? (() => serviceErrorText(failure)) },
      );
      return verified;
    },
    [navigate, run],
  );
  return { busy, error, setError, verify };
}
