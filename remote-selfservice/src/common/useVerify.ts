import type { ApiResult } from '@portal/shared/api/result';
import { paths } from '@portal/shared/routes/paths';
import { useCallback, useState } from 'react';
import { useNavigate } from '@portal/shared/router';
import { serviceErrorText, unexpectedErrorText } from './errorText';
import { newCredAddedState } from './newCredAdded';

/**
 * Runs a registration's verifying call; success opens self-service with the 'new credential
 * added' notice, a failure becomes the banner text. Returns whether it succeeded.
 */
export function useVerify() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useCallback(
    async (call: () => Promise<ApiResult<unknown>>, failureText?: string): Promise<boolean> => {
      setBusy(true);
      setError(null);
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
    [navigate],
  );
  return { busy, error, setError, verify };
}
