import type { ApiResult } from '@portal/shared/api/result';
import { paths } from '@portal/shared/routes/paths';
import { flowStateAtom } from '@portal/shared/session/atoms';
import { useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { serviceErrorText, unexpectedErrorText } from './errorText';
import { newCredAddedState } from './newCredAdded';

/**
 * Runs a registration's verifying call; success opens self-service with the 'new credential
 * added' notice, a failure becomes the banner text. Returns whether it succeeded.
 */
export function useVerify() {
  const navigate = useNavigate();
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useCallback(
    async (call: () => Promise<ApiResult<unknown>>, failureText?: string): Promise<boolean> => {
      setBusy(true);
      setError(null);
      // Signed in, there is no flow: a flow state left over from sign-in would make the service
      // take the verifier call for a sign-in step ('Factor … is not expected at this step').
      store.set(flowStateAtom, null);
      try {
        const result = await call();
        if (result.ok) {
          navigate(paths.selfService, { state: newCredAddedState });
          return true;
        }
        setError(failureText ?? serviceErrorText(result.error));
      } catch (failure) {
        setError(unexpectedErrorText(failure));
      }
      setBusy(false);
      return false;
    },
    [navigate, store],
  );
  return { busy, error, setError, verify };
}
