import { api } from '../api/client';
import { fidoTypeForRegistration } from '@portal/shared/fido';
import { messages } from '../messages';
import {
  Actions,
  Button,
  LiveStatus,
  PageHeading,
  Stack,
  stackClass,
  useBusyIndicator,
  useRunOnMount,
} from '@portal/shared/ui';
import { FidoIcon } from '@portal/shared/ui/choices';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { passkeySettingsAtom, portalConfigAtom, webAuthnHintsFor } from '@portal/shared/config';
import { useStore } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useLocation } from '@portal/shared/router';
import { BackToSelfService } from '../common/BackToSelfService';
import { MissingRegistration } from '../common/MissingRegistration';
import {
  type FidoRegistrationState,
  FidoRegistrationStateSchema,
  readState,
} from '../common/registrationState';
import { ScreenStatus } from '../common/ScreenStatus';
import { useVerify } from '../common/useVerify';
import { promptErrorOutcome } from './fidoErrors';
import '../common/selfservice.css';

/**
 * /register/fido, /register/securitykey, /register/passkey: the browser prompt starts on load with
 * the challenge the registration form fetched; the result goes to FIDORegChallengeVerifier.
 */
export function RegisterFido() {
  const state = readState(FidoRegistrationStateSchema, useLocation().state);
  if (!state) return <MissingRegistration title={messages.fido.registrationTitle} />;
  return <FidoRegistration state={state} />;
}

function FidoRegistration({ state }: { state: FidoRegistrationState }) {
  const { busy, error, setError, verify } = useVerify();
  const busyShown = useBusyIndicator(busy);
  const fidoType = fidoTypeForRegistration(state.fidoCredType);
  const store = useStore();

  const run = useCallback(async () => {
    setError(null);
    let credential: RegistrationResponseJSON;
    try {
      // The schema checked the fields the browser needs; the rest passes through as sent.
      // WebAuthn hints (issue 27): the server's when it sent any, else this type's and audience's.
      const hints = webAuthnHintsFor(
        store.get(passkeySettingsAtom),
        store.get(portalConfigAtom).audience,
        fidoType.credType,
      );
      const options = 'hints' in state.options ? state.options : { ...state.options, hints };
      credential = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
    } catch (failure) {
      // Read when shown: a language switch shows the message in the new words.
      if (promptErrorOutcome(failure).kind === 'message')
        setError(() => {
          const outcome = promptErrorOutcome(failure);
          return outcome.kind === 'message' ? outcome.text : '';
        });
      return;
    }
    await verify((signal) => api.fidoRegVerify(credential, state.fidoCredType, { signal }));
  }, [state, setError, verify, store, fidoType]);

  useRunOnMount(run);

  // Leaving the screen cancels a prompt still open.
  useEffect(() => () => WebAuthnAbortService.cancelCeremony(), []);

  return (
    <section className={stackClass('loose', 'portal-selfservice')} aria-busy={busyShown}>
      <Stack gap="normal">
        <BackToSelfService />
        <PageHeading>{messages.fido.registrationTitle}</PageHeading>
      </Stack>
      <ScreenStatus shown={busyShown} error={error} />
      {/* The icon beside what to do now, and the note under it. */}
      <div className="portal-selfservice__prompt">
        <FidoIcon icon={fidoType.icon} className="portal-selfservice__prompt-icon" />
        <Stack gap="tight">
          <LiveStatus lines={[fidoType.validateMessage]} lineClassName="portal-selfservice__prompt-text" />
          <p className="portal-selfservice__hint">{messages.fido.popupDelay}</p>
        </Stack>
      </div>
      {error ? (
        <Actions>
          <Button variant="primary" onClick={() => void run()}>
            {messages.shell.retry}
          </Button>
        </Actions>
      ) : null}
    </section>
  );
}
