import { api } from '../api/client';
import type { ApiResult } from '@portal/shared/transport';
import type { Credential } from '../api/schemas';
import type { StepUpOffer } from '../api/stepUpSchemas';
import { passkeySettingsAtom } from '@portal/shared/config';
import { useRunOnMount } from '@portal/shared/ui';
import { useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { signalCredentialList } from '../passkeys/passkeySignals';
import { serviceErrorText, unexpectedErrorText } from '../common/errorText';

export interface CredentialsState {
  credentials: readonly Credential[] | null;
  /** The SSO's step-up offer in its last MeCreds reply (null: none). */
  stepUp: StepUpOffer | null;
  busy: boolean;
  error: string | null;
}

/**
 * The user's credentials (GET MeCreds) and the changes made to them; after every change the
 * list is read again, so what is shown is what the service holds (and what the browser's passkey
 * manager is told, issue 27).
 */
export function useCredentials() {
  const store = useStore();
  const [state, setState] = useState<CredentialsState>({
    credentials: null,
    stepUp: null,
    busy: true,
    error: null,
  });

  const reload = useCallback(async (): Promise<void> => {
    const result = await api.listCredentialsWithStepUp();
    // The list as the SSO holds it now (also after a delete): the passkey manager is told.
    if (result.ok) signalCredentialList(result.data, store.get(passkeySettingsAtom));
    setState((previous) =>
      result.ok
        ? { credentials: result.data.credentials, stepUp: result.data.stepUp, busy: false, error: null }
        : { ...previous, busy: false, error: serviceErrorText(result.error) },
    );
  }, [store]);

  // The list is read once when the screen opens (also under StrictMode), then after each change.
  useRunOnMount(reload);

  /**
   * Runs one change with the loading bar shown, then reloads; a failure goes to the banner.
   * Resolves to whether the change was made.
   */
  const change = useCallback(
    async (call: () => Promise<ApiResult<unknown>>): Promise<boolean> => {
      setState((previous) => ({ ...previous, busy: true, error: null }));
      try {
        const result = await call();
        if (!result.ok) {
          setState((previous) => ({ ...previous, busy: false, error: serviceErrorText(result.error) }));
          return false;
        }
        await reload();
        return true;
      } catch (error) {
        setState((previous) => ({ ...previous, busy: false, error: unexpectedErrorText(error) }));
        return false;
      }
    },
    [reload],
  );

  return { ...state, change };
}
