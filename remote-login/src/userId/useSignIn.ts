import { type AuthReply, readFidoIdentifier, pageTrustedDeviceId } from '@portal/shared/transport';
import { buildAuthenticateBody } from './authenticateBody';
import { useApplyNextAction } from '@portal/shared/flow';
import type { LocalisedServerCall } from '@portal/shared/ui';
import { loginNameAtom, riskTypeAtom } from '@portal/shared/session';
import { rememberedUserName } from '@portal/shared/storage';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { authFailureMessage } from '../common/authFailure';
import { loginApi } from '../api/loginCalls';

/**
 * Submits a user ID: the authenticate request of spec section 3 (cookies, device data by risk
 * type), made with the page's server call, then the reply is routed. A failure shows its mapped
 * message and calls `onFailed`.
 */
export function useSignIn(deviceData: () => Promise<string>, run: LocalisedServerCall['run']) {
  const store = useStore();
  const applyNextAction = useApplyNextAction();
  return useCallback(
    async (userName: string, rememberMe: boolean, onFailed: () => void): Promise<void> => {
      const name = userName.trim();
      store.set(loginNameAtom, name);
      const body = buildAuthenticateBody({
        userName: name,
        rememberMe,
        riskType: store.get(riskTypeAtom),
        deviceData: await deviceData(),
        trustedDeviceId: pageTrustedDeviceId(store, name),
        fidoIdentifier: readFidoIdentifier(name),
      });
      const signedIn = async (reply: AuthReply) => {
        if (rememberMe) rememberedUserName.write(name.toLowerCase());
        else rememberedUserName.remove();
        await applyNextAction(reply);
      };
      await run((signal) => loginApi().authenticate(body, { signal }), signedIn, {
        onError: (error) => {
          onFailed();
          return () => authFailureMessage(error);
        },
      });
    },
    [store, applyNextAction, deviceData, run],
  );
}
