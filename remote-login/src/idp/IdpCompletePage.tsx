import { api, type ApiResult } from '@portal/shared/transport';
import { useApplyNextAction } from '@portal/shared/flow';
import { useRunOnMount, useLocalisedServerCall } from '@portal/shared/ui';
import { messages } from '../messages';
import { dropFlowStateFromAddress, useLocation } from '@portal/shared/router';
import { idpData } from '@portal/shared/storage';
import { useState } from 'react';
import { LoginLayout } from '../common/LoginLayout';
import { useRestartNeeded } from '../common/useRestartNeeded';
import { type IdpReturnStep, idpReturnStep, reauthenticationStep } from './idpReturn';
import { idpApi } from '../api/idpCalls';
import { peekSavedIdpData } from './savedIdpData';

/**
 * The hand-back's calls, as one cancellable call: the step they lead to, or the cancellation.
 * Their failures are steps too (the restart notice's message), never the screen's banner.
 */
async function nextStep(first: IdpReturnStep, signal: AbortSignal): Promise<ApiResult<IdpReturnStep>> {
  let step = first;
  if (step.kind !== 'fail') {
    // The page was reloaded by the provider's return: the client token is gone from memory.
    const token = await api.getClientToken({ signal });
    if (!token.ok && token.error.kind === 'aborted') return token;
    if (!token.ok) step = { kind: 'fail', message: token.error.message };
  }
  if (step.kind === 'reauthenticate') {
    const reply = await idpApi().reauthenticateAfterIdp(step.flowState, { signal });
    if (!reply.ok && reply.error.kind === 'aborted') return reply;
    step = reauthenticationStep(reply);
  }
  return { ok: true, data: step, status: 200 };
}

/**
 * /idpComplete: reads the identity provider's hand-back and continues the flow. The flow state
 * and isIDP leave the address (and the history entry) as soon as the screen has read them.
 */
export function IdpCompletePage() {
  const { search } = useLocation();
  const applyNextAction = useApplyNextAction();
  const restartNeeded = useRestartNeeded();
  const { run } = useLocalisedServerCall();
  const [{ present, saved }] = useState(peekSavedIdpData);
  const providerName = saved?.providerName ?? undefined;

  useRunOnMount(() => {
    // Used once: neither a reload nor the same address again finds it.
    idpData.remove();
    dropFlowStateFromAddress();
    return run(
      (signal) => nextStep(idpReturnStep({ search, saved, savedPresent: present }), signal),
      async (step) => {
        if (step.kind === 'route') await applyNextAction(step.reply);
        else if (step.kind === 'fail') restartNeeded(step.message);
      },
    );
  });

  return (
    <LoginLayout
      title={
        providerName ? messages.idp.connectingTo({ provider: providerName }) : messages.idp.connectingToIdp
      }
      busy
      // The heading says what the page waits for ('Connecting to …'): the bar alone.
      busyText={null}
    />
  );
}
