import { api } from '@portal/shared/api/client';
import { createIdpReauthenticate } from '@portal/shared/auth/idpReauthenticate';
import { useApplyNextAction } from '@portal/shared/flow/useApplyNextAction';
import { messages } from '@portal/shared/messages/en_US';
import { type IdpData, idpData } from '@portal/shared/storage/sessionStore';
import { useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@portal/shared/router';
import { LoginLayout } from '../common/LoginLayout';
import { useRestartNeeded } from '../common/useRestartNeeded';
import { type IdpReturnStep, idpReturnStep, reauthenticationStep } from './idpReturn';

const IDP_DATA_KEY = 'idpData';

/** What the /idp step left, read once: whether anything was saved, and whether it is readable. */
function readSaved(): { present: boolean; saved: IdpData | null } {
  let present = false;
  try {
    present = globalThis.sessionStorage.getItem(IDP_DATA_KEY) !== null;
  } catch {
    present = false;
  }
  const saved = idpData.read();
  idpData.remove();
  return { present, saved };
}

/** /idpComplete: reads the identity provider's hand-back and continues the flow. */
export function IdpCompletePage() {
  const store = useStore();
  const { search } = useLocation();
  const applyNextAction = useApplyNextAction();
  const restartNeeded = useRestartNeeded();
  const [{ present, saved }] = useState(readSaved);
  const providerName = saved?.providerName ?? undefined;
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      let step: IdpReturnStep = idpReturnStep({ search, saved, savedPresent: present });
      if (step.kind !== 'fail') {
        // The page was reloaded by the provider's return: the client token is gone from memory.
        const token = await api.getClientToken();
        if (!token.ok) step = { kind: 'fail', message: token.error.message };
      }
      if (step.kind === 'reauthenticate') {
        step = reauthenticationStep(await createIdpReauthenticate({ store })(step.flowState));
      }
      if (step.kind === 'route') await applyNextAction(step.reply);
      else if (step.kind === 'fail') restartNeeded(step.message);
    })();
  }, [store, search, present, saved, applyNextAction, restartNeeded]);

  return <LoginLayout title={messages.idp.connectingTo(providerName)} busy />;
}
