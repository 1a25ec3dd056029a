import { api } from '@portal/shared/api/client';
import type { ApiResult } from '@portal/shared/api/result';
import type { Credential } from '@portal/shared/api/schemas';
import { useCallback, useEffect, useState } from 'react';
import { serviceErrorText, unexpectedErrorText } from '../common/errorText';

export type CredentialCalls = Pick<
  typeof api,
  'listCredentials' | 'updateCredential' | 'deleteCredential' | 'deleteAllCredentials' | 'clearDefaults'
>;

export interface CredentialsState {
  credentials: readonly Credential[] | null;
  busy: boolean;
  error: string | null;
}

/**
 * The user's credentials (GET MeCreds) and the changes made to them; after every change the
 * list is read again, so what is shown is what the service holds.
 */
export function useCredentials(calls: CredentialCalls = api) {
  const [state, setState] = useState<CredentialsState>({ credentials: null, busy: true, error: null });

  const reload = useCallback(async (): Promise<void> => {
    const result = await calls.listCredentials();
    setState((previous) =>
      result.ok
        ? { credentials: result.data, busy: false, error: null }
        : { ...previous, busy: false, error: serviceErrorText(result.error) },
    );
  }, [calls]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Runs one change with the loading bar shown, then reloads; a failure goes to the banner. */
  const change = useCallback(
    async (call: () => Promise<ApiResult<unknown>>): Promise<void> => {
      setState((previous) => ({ ...previous, busy: true, error: null }));
      try {
        const result = await call();
        if (!result.ok) {
          setState((previous) => ({ ...previous, busy: false, error: serviceErrorText(result.error) }));
          return;
        }
        await reload();
      } catch (error) {
        setState((previous) => ({ ...previous, busy: false, error: unexpectedErrorText(error) }));
      }
    },
    [reload],
  );

  return { ...state, change, calls };
}
