import { factorApi as api } from '../api/client';
import type { AuthReply, CredentialOption } from '@portal/shared/transport';
import {
  Actions,
  Button,
  LiveStatus,
  stackClass,
  TextField,
  useFocusFirst,
  useLocalisedServerCall,
  useRunOnMount,
} from '@portal/shared/ui';
import { activeLanguage } from '@portal/shared/config';
import { messages } from '../messages';
import { type FormEvent, useRef, useState } from 'react';
import { optionValue } from '../chooser/optionLabel';
import { FactorLayout } from '../common/FactorLayout';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { MoreOptions } from '../moreOptions/MoreOptions';
import { usePushPolling } from '../push/usePushPolling';
import { pendingPushRegistration } from './enrolmentStep';
import { normaliseCredentialId, type PushEnrolmentInput, validatePushEnrolment } from './pushEnrolmentInput';
import { useOpeningReply } from './useOpeningReply';

type Phase =
  | { kind: 'form' }
  | { kind: 'waiting'; credential: CredentialOption }
  /** 'Unable to complete registration at this time. ', with Try again. */
  | { kind: 'failed' };

/**
 * Vendor push enrolment during sign-in (PUSH_REGISTRATION_INITIATOR on /push): the user installs
 * the vendor app and enters its Credential ID and a name; VIPCredentialRegistrar (client token,
 * flow state, device tag) answers PUSH_REGISTRATION_STATUS with the new credential, whose
 * registration push PushStatus is polled for every 3000 ms. Approved: the reply (the next step)
 * is routed. Rejected, timed out, an error code or a failing poll: the spec's registration
 * message and Try again, back to the form as it was. Opened by a PUSH_REGISTRATION_STATUS reply,
 * it polls for that reply's credential at once.
 */
export function PushEnrolment() {
  const ready = useRequireUser();
  const routeReply = useRouteReply();
  const resumed = pendingPushRegistration(useOpeningReply());
  const [phase, setPhase] = useState<Phase>(() =>
    resumed ? { kind: 'waiting', credential: resumed } : { kind: 'form' },
  );
  const [input, setInput] = useState<PushEnrolmentInput>({ credentialId: '', name: '' });
  const [checked, setChecked] = useState(false);
  const { busy, error, setError, run } = useLocalisedServerCall();
  const firstField = useRef<HTMLInputElement>(null);
  useFocusFirst(firstField, phase.kind === 'form', phase);

  const fail = () => {
    polling.stop();
    setError(() => messages.push.registrationFailed);
    setPhase({ kind: 'failed' });
  };
  const polling = usePushPolling({
    onAuthenticated: (reply) => void routeReply(reply),
    onFailed: fail,
  });

  useRunOnMount(() => {
    if (resumed) polling.start(resumed.credId);
  }, ready);

  const registered = async (reply: AuthReply) => {
    if (reply.nextaction !== 'PUSH_REGISTRATION_STATUS') {
      await routeReply(reply);
      return;
    }
    const credential = pendingPushRegistration(reply);
    if (!credential) {
      fail();
      return;
    }
    setPhase({ kind: 'waiting', credential });
    polling.start(credential.credId);
  };

  const errors = validatePushEnrolment(input);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (Object.keys(errors).length > 0) {
      firstField.current?.focus();
      return;
    }
    const body = {
      vipCredentialID: normaliseCredentialId(input.credentialId),
      credType: 'totp_push',
      credValue: input.name.trim(),
      language: activeLanguage(),
    };
    await run((signal) => api.enrolPushCredential(body, { signal }), registered);
  };

  const tryAgain = () => {
    setError(null);
    setPhase({ kind: 'form' });
  };

  if (!ready) return null;
  return (
    <FactorLayout
      title={messages.registration.pushTitle}
      lead={phase.kind === 'form' ? messages.enrolment.pushIntro : undefined}
      busy={busy || phase.kind === 'waiting'}
      // While the registration push waits for the phone, the status line says so.
      busyText={phase.kind === 'waiting' ? null : undefined}
      error={error}
      errorActions={
        phase.kind === 'failed' ? <Button onClick={tryAgain}>{messages.enrolment.tryAgain}</Button> : null
      }
    >
      {phase.kind === 'form' ? (
        <form className={stackClass('normal')} onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            ref={firstField}
            label={messages.registration.credentialIdLabel}
            hint={messages.enrolment.pushCredentialIdHint}
            autoComplete="off"
            // A Credential ID is letters and digits, read left to right in every language.
            dir="ltr"
            required
            value={input.credentialId}
            onChange={(event) => setInput((current) => ({ ...current, credentialId: event.target.value }))}
            error={checked ? (errors.credentialId ?? null) : null}
          />
          <TextField
            label={messages.registration.valueLabels.totp_push}
            autoComplete="off"
            required
            value={input.name}
            onChange={(event) => setInput((current) => ({ ...current, name: event.target.value }))}
            error={checked ? (errors.name ?? null) : null}
          />
          <Actions>
            <Button type="submit" variant="primary" disabled={busy}>
              {messages.enrolment.pushRegister}
            </Button>
            <MoreOptions onError={setError} disabled={busy} />
          </Actions>
        </form>
      ) : (
        <>
          <LiveStatus
            lineClassName="portal-factor__status"
            lines={
              phase.kind === 'waiting'
                ? [messages.enrolment.pushWaiting({ device: optionValue(phase.credential) })]
                : []
            }
          />
          <Actions>
            <MoreOptions variant="secondary" onStart={polling.stop} onError={setError} />
          </Actions>
        </>
      )}
    </FactorLayout>
  );
}
