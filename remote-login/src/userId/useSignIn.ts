import { api } from '@portal/shared/api/client';
import { buildAuthenticateBody } from '@portal/shared/auth/authenticateBody';
import { readFidoIdentifier, readTrustedDeviceId } from '@portal/shared/auth/deviceCookies';
import { useApplyNextAction } from '@portal/shared/flow/useApplyNextAction';
import { loginNameAtom, riskTypeAtom } from '@portal/shared/session/atoms';
import { rememberedUserName } from '@portal/shared/storage/localStore';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { authFailureMessage } from '../common/authFailure';

/**
 * Submits a user ID: the authenticate request of spec section 3 (cookies, device data by risk
 * type), then the reply is routed. Returns the error message to show, or null when routed.
 */
export function useSignIn(deviceData: () => Promise<string>) {
  const store = useStore();
  const applyNextAction = useApplyNextAction();
  return useCallback(
    async (userName: string, rememberMe: boolean): Promise<string | null> => {
      const name = userName.trim();
      store.set(loginNameAtom, name);
      const body = buildAuthenticateBody({
        userName: name,
        rememberMe,
        riskType: store.get(riskTypeAtom),
        deviceData: await deviceData(),
        trustedDeviceId: readTrustedDeviceId(name),
        fidoIdentifier: readFidoIdentifier(name),
      });
      const result = await api.authenticate(body);
      if (!result.ok) {
        if (result.error.kind === 'null') {
          await applyNextAction(null);
          return null;
        }
        return authFailureMessage(result.error);
      }
      if (rememberMe) rememberedUserName.write(name.toLowerCase());
      else rememberedUserName.remove();
      await applyNextAction(result.data);
      return null;
    },
    [store, applyNextAction, deviceData],
  );
}
