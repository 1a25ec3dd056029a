import { useRunOnMount, useLocalisedServerCall, LiveStatus } from '@portal/shared/ui';
import { messages } from '../messages';
import { paths } from '../paths';
import { factorReplyAtom, flowStateAtom } from '@portal/shared/session';
import { idpData } from '@portal/shared/storage';
import { useAtomValue, useStore } from 'jotai';
import { LoginLayout } from '../common/LoginLayout';
import { useRestartNeeded } from '../common/useRestartNeeded';
import { idpFailureMessage } from './idpFailure';
import { providerNameOf } from './providerName';
import { checkSamlForm, submitSamlForm } from './samlForm';
import { samlPolicyFrom } from './samlPolicy';
import { idpApi } from '../api/idpCalls';

/**
 * /idp: 'Connecting to {provider}' with a progress bar while the SAML form is fetched, checked and
 * posted to the provider (spec section 4, 'Identity provider' step 1). A form that fails the
 * check is refused, nothing of it reaching the page; that and a failed generate call lead to
 * restart-needed (step 5), as on /idpComplete: the restart notice shows the message.
 * It needs no user name: in identity-provider discovery the provider says who the user is.
 */
export function IdpPage() {
  const store = useStore();
  const reply = useAtomValue(factorReplyAtom);
  const providerName = providerNameOf(reply);
  const { run } = useLocalisedServerCall();
  const restartNeeded = useRestartNeeded();

  const post = (form: string) => {
    const checked = checkSamlForm(form, samlPolicyFrom(store));
    if (!checked.ok) {
      console.warn(`[portal] identity-provider form refused: ${checked.reason}`);
      restartNeeded(messages.idp.unexpectedResponse);
      return;
    }
    // What /idpComplete reads on return (storage keeps no token of it): the reply that opened
    // this step, the name, and the flow state the generate call carried, which the provider's
    // hand-back must bring back for this tab to honour it.
    const opened = store.get(factorReplyAtom);
    idpData.write({
      ...(opened ?? {}),
      flowState: store.get(flowStateAtom) ?? opened?.flowState ?? null,
      providerName: providerName ?? null,
    });
    submitSamlForm(checked.form);
  };

  useRunOnMount(() => {
    const relayState = new URL(paths.idpComplete, globalThis.location.origin).href;
    // An empty form is this page's failure, not a reply to route; like every failure here it
    // ends the flow (the restart notice, which the shell opens, shows the message).
    return run((signal) => idpApi().generateIdpForm(relayState, { signal }), post, {
      routeNull: false,
      onError: (error) => {
        restartNeeded(idpFailureMessage(error));
        return null;
      },
    });
  });

  return (
    <LoginLayout
      title={
        providerName ? messages.idp.connectingTo({ provider: providerName }) : messages.idp.connectingToIdp
      }
      busy
      // The heading says what the page waits for ('Connecting to …'): the bar alone.
      busyText={null}
    >
      <LiveStatus lineClassName="portal-login__text" lines={[messages.idp.redirecting]} />
    </LoginLayout>
  );
}
