import type { AuthReply } from '@portal/shared/transport';
import { buildSubjectlessAuthenticateBody } from './authenticateBody';
import { useApplyNextAction } from '@portal/shared/flow';
import type { LocalisedServerCall } from '@portal/shared/ui';
import { riskTypeAtom } from '@portal/shared/session';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { authFailureMessage } from '../common/authFailure';
import { arrivalStep } from './arrivalReply';
import { loginApi } from '../api/loginCalls';

/**
 * The oauth2 arrival without a remembered user: authenticate with the flow state alone (device
 * data by risk type, no subject), made with the page's server call, and route the reply. When the
 * server needs the User ID, or the call fails (its message shown), `showForm` is called.
 */
export function useArrival(
  deviceData: () => Promise<string>,
  run: LocalisedServerCall['run'],
  setError: LocalisedServerCall['setError'],
) {
  const store = useStore();
  const applyNextAction = useApplyNextAction();
  return useCallback(
    async (showForm: () => void): Promise<void> => {
      const body = buildSubjectlessAuthenticateBody({
        riskType: store.get(riskTypeAtom),
        deviceData: await deviceData(),
      });
      const arrived = async (reply: AuthReply) => {
        const step = arrivalStep(reply);
        if (step.kind === 'route') return applyNextAction(reply);
        if (step.message) setError(() => step.message ?? '');
        showForm();
      };
      await run((signal) => loginApi().authenticateWithoutSubject(body, { signal }), arrived, {
        onError: (error) => {
          showForm();
          return () => authFailureMessage(error);
        },
      });
    },
    [store, applyNextAction, deviceData, run, setError],
  );
}
