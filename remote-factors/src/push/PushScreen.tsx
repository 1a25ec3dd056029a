import { factorApi as api } from '../api/client';
import type { CredentialOption } from '@portal/shared/transport';
import type { PushGenerateReply } from '../api/schemas';
import { Actions, Button, useRunOnMount, useLocalisedServerCall } from '@portal/shared/ui';
import { activeLanguage } from '@portal/shared/config';
import { messages } from '../messages';
import { factorOptionsAtom, transition } from '@portal/shared/session';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { CredentialChooser } from '../chooser/CredentialChooser';
import { optionValue } from '../chooser/optionLabel';
import { FactorLayout } from '../common/FactorLayout';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { isEnrolmentStep, pendingPushRegistration } from '../enrolment/enrolmentStep';
import { PushEnrolment } from '../enrolment/PushEnrolment';
import { useOpeningReply } from '../enrolment/useOpeningReply';
import { MoreOptions } from '../moreOptions/MoreOptions';
import { type PushChallenge, pushChallengeOf } from './pushChallenge';
import { PushChallengeView } from './PushChallengeView';
import { usePushPolling } from './usePushPolling';

type Phase =
  | { kind: 'choose' }
  | { kind: 'sending'; option: CredentialOption }
  /** challenge: the number and context of number matching (issue 27), when the reply carries them. */
  | { kind: 'waiting'; option: CredentialOption; challenge: PushChallenge | null }
  | { kind: 'failed'; option: CredentialOption; offerResend: boolean };

/** /push: enrolment of a vendor push credential (PUSH_REGISTRATION_*), or sign-in with one. */
export function PushScreen() {
  const opening = useOpeningReply();
  const enrolling = isEnrolmentStep(opening) || pendingPushRegistration(opening) !== null;
  return enrolling ? <PushEnrolment /> : <PushSignIn />;
}

/**
 * Push sign-in: send a push to the chosen device, then poll its status every 3000 ms until it
 * is approved (route on), rejected, timed out (Resend) or fails.
 */
function PushSignIn() {
  const ready = useRequireUser();
  const routeReply = useRouteReply();
  const options = useAtomValue(factorOptionsAtom);
  const store = useStore();
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  // Leaving the screen cancels the generate call, so a late reply neither starts polling nor
  // routes nor changes the status.
  const { error, setError, run } = useLocalisedServerCall(
    options.length === 0 ? () => messages.errors.default : null,
  );

  const polling = usePushPolling({
    onAuthenticated: (reply) => void routeReply(reply),
    onFailed: (outcome) => {
      setError(() => outcome.message);
      // Spec section 4 (Push, 5): a failed push ends the sign-in (restart needed), and the shell
      // opens the restart notice, which shows the same message; a timed-out one may be resent.
      if (!outcome.offerResend) transition(store, { type: 'restartNeeded', message: outcome.message });
      setPhase((current) =>
        current.kind === 'choose'
          ? current
          : { kind: 'failed', option: current.option, offerResend: outcome.offerResend },
      );
    },
  });

  const send = useCallback(
    async (option: CredentialOption) => {
      setPhase({ kind: 'sending', option });
      const sent = async (reply: PushGenerateReply) => {
        if (reply.nextaction !== 'PUSH_AUTH') {
          await routeReply(reply);
          return;
        }
        setPhase({ kind: 'waiting', option, challenge: pushChallengeOf(reply) });
        polling.start(option.credId);
      };
      await run((signal) => api.generatePush(option.credId, activeLanguage(), { signal }), sent, {
        onError: (failure) => {
          setPhase({ kind: 'failed', option, offerResend: true });
          return () => failure.message;
        },
      });
    },
    [polling, routeReply, run],
  );

  useRunOnMount(() => {
    const only = options.length === 1 ? options[0] : undefined;
    if (only) void send(only);
  }, ready);

  if (!ready) return null;
  const device = phase.kind === 'choose' ? '' : optionValue(phase.option);
  return (
    <FactorLayout
      title={messages.factorLabels.PUSH}
      busy={phase.kind === 'sending' || phase.kind === 'waiting'}
      // The status line says what the screen waits for (sending, the approval on the phone).
      busyText={phase.kind === 'sending' || phase.kind === 'waiting' ? null : undefined}
      error={error}
      errorActions={
        phase.kind === 'failed' && phase.offerResend ? (
          <Button onClick={() => void send(phase.option)}>{messages.common.resend}</Button>
        ) : null
      }
    >
      {phase.kind === 'choose' && options.length > 1 ? (
        <CredentialChooser
          options={options}
          submitLabel={messages.common.continue}
          onChoose={(o) => void send(o)}
          actions={<MoreOptions onStart={polling.stop} onError={setError} />}
        />
      ) : null}
      <p className="portal-factor__status" role="status">
        {phase.kind === 'sending' ? messages.push.sending : null}
        {phase.kind === 'waiting' ? messages.push.accept({ device }) : null}
      </p>
      {phase.kind === 'waiting' && phase.challenge ? <PushChallengeView challenge={phase.challenge} /> : null}
      {phase.kind === 'choose' && options.length > 1 ? null : (
        <Actions>
          {/* Not while the push is being sent: its reply would start polling behind the next screen. */}
          <MoreOptions
            variant="secondary"
            onStart={polling.stop}
            onError={setError}
            disabled={phase.kind === 'sending'}
          />
        </Actions>
      )}
    </FactorLayout>
  );
}
