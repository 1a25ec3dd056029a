import { api } from '@portal/shared/api/client';
import { useRunOnMount, useServerCall } from '@portal/shared/hooks/useServerCall';
import { messages } from '@portal/shared/messages/en_US';
import { paths } from '@portal/shared/routes/paths';
import { factorReplyAtom } from '@portal/shared/session/atoms';
import { idpData } from '@portal/shared/storage/sessionStore';
import { useAtomValue, useStore } from 'jotai';
import { LoginLayout } from '../common/LoginLayout';
import { useStartOver } from '../common/useStartOver';
import { providerNameOf } from './providerName';
import { checkSamlForm, submitSamlForm } from './samlForm';
import { samlPolicyFrom } from './samlPolicy';

/**
 * /idp: 'Connecting to {provider}' with a progress bar while the SAML form is fetched, checked and
 * posted to the provider (spec section 4, 'Identity provider' step 1). A form that fails the
 * check is refused with an error; nothing of it reaches the page.
 */
export function IdpPage() {
  const store = useStore();
  const reply = useAtomValue(factorReplyAtom);
  const providerName = providerNameOf(reply);
  const { error, setError, run } = useServerCall();
  const startOver = useStartOver();

  const post = (form: string) => {
    const checked = checkSamlForm(form, samlPolicyFrom(store));
    if (!checked.ok) {
      console.warn(`[portal] identity-provider form refused: ${checked.reason}`);
      setError(messages.idp.unexpectedResponse);
      return;
    }
    // What /idpComplete reads on return: the reply that opened this step (no tokens) and the name.
    const opened = store.get(factorReplyAtom);
    idpData.write({ ...(opened ?? {}), providerName: providerName ?? null });
    submitSamlForm(checked.form);
  };

  useRunOnMount(() => {
    const relayState = new URL(paths.idpComplete, globalThis.location.origin).href;
    // An empty form is this page's error, not a reply to route.
    return run((signal) => api.generateIdpForm(relayState, { signal }), post, { routeNull: false });
  });

  return (
    <LoginLayout
      title={messages.idp.connectingTo(providerName)}
      busy={!error}
      error={error}
      errorActions={
        <button type="button" className="portal-button" onClick={startOver}>
          {messages.endPages.clickToRetry}
        </button>
      }
    >
      {error ? null : (
        <p className="portal-login__hint" role="status">
          {messages.idp.redirecting}
        </p>
      )}
    </LoginLayout>
  );
}
