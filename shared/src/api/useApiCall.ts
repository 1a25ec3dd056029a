import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { errorMessageAtom, loadingAtom } from '@portal/shared/session/atoms';
import type { ApiResult } from './result';

/**
 * Runs an API call with the loading bar shown meanwhile; a failure's message goes to the error
 * banner unless `quiet` (for screens that word the error themselves). Returns the result.
 */
export function useApiCall() {
  const setLoading = useSetAtom(loadingAtom);
  const setError = useSetAtom(errorMessageAtom);
  return useCallback(
    async <T>(
      call: () => Promise<ApiResult<T>>,
      options: { quiet?: boolean } = {},
    ): Promise<ApiResult<T>> => {
      setLoading(true);
      try {
        const result = await call();
        if (!result.ok && !options.quiet) setError(result.error.message);
        return result;
      } finally {
        setLoading(false);
      }
    },
    [setLoading, setError],
  );
}
