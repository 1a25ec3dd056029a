import { api } from '@portal/shared/api/client';
import { messages } from '@portal/shared/messages/en_US';
import { paths } from '@portal/shared/routes/paths';
import { factorReplyAtom } from '@portal/shared/session/atoms';
import { idpData } from '@portal/shared/storage/sessionStore';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
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
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const startOver = useStartOver();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const relayState = new URL(paths.idpComplete, globalThis.location.origin).href;
      const result = await api.generateIdpForm(relayState);
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      const checked = checkSamlForm(result.data, samlPolicyFrom(store));
      if (!checked.ok) {
        console.warn(`[portal] identity-provider form refused: ${checked.reason}`);
        setError(messages.idp.unexpectedResponse);
        return;
      }
      // What /idpComplete reads on return: the reply that opened this step (no tokens) and the name.
      const opened = store.get(factorReplyAtom);
      idpData.write({ ...(opened ?? {}), providerName: providerName ?? null });
      submitSamlForm(checked.form);
    })();
  }, [store, providerName]);

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
