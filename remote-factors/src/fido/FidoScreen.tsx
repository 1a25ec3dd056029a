import { factorApi as api } from '../api/client';
import {
  type ApiError,
  type ApiResult,
  type AuthReply,
  defaultRpId,
  forgetIfUnknown,
} from '@portal/shared/transport';
import {
  passkeySettingsAtom,
  passkeySignalsOn,
  portalConfigAtom,
  webAuthnHintsFor,
} from '@portal/shared/config';
import type { FidoChallengeReply } from '../api/schemas';
import {
  Actions,
  Button,
  type Call,
  LiveStatus,
  Stack,
  stackClass,
  useLocalisedServerCall,
  useRunOnMount,
} from '@portal/shared/ui';
import { FidoIcon } from '@portal/shared/ui/choices';
import { messages } from '../messages';
import {
  factorReplyAtom,
  flowStateAtom,
  rememberDeviceEnabledAtom,
  signInFidoTypeAtom,
  userNameAtom,
} from '@portal/shared/session';
import { startAuthentication, startRegistration, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from '@portal/shared/router';
import { FactorLayout } from '../common/FactorLayout';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { MoreOptions } from '../moreOptions/MoreOptions';
import { ceremonyFailure } from './ceremonyError';
import { type FidoDebug, fidoDebugSwitch } from './debugSwitch';
import { creationOptionsFrom, requestOptionsFrom } from './ceremonyOptions';
import { rememberFidoIdentifier } from './fidoIdentifier';
import { type FidoSignIn, fidoSignInForPath, isRegisterMode } from './fidoSignIn';
import { needsManualStart } from './manualMode';

/** A prepared browser prompt: run it, and send its result to the verifier. */
interface Ceremony {
  run: () => Promise<{ id: string } & object>;
  verify: (result: object) => Call<AuthReply>;
  /** A sign-in's relying party (for the Signal API); null for a registration. */
  rpId: string | null;
}

/**
 * The prompt for this challenge reply: a registration (inline, in the sign-in flow) or a sign-in,
 * with the reply's options and the debug switch; or the message when the reply is for another
 * type ('Error in data from server') or its options are unusable ('Error processing data from server').
 */
function ceremonyFor(
  reply: FidoChallengeReply,
  debug: FidoDebug | null,
  row: FidoSignIn,
  registering: boolean,
  hints: readonly string[],
): { ok: true; ceremony: Ceremony } | { ok: false; readonly message: string } {
  if (registering) {
    const found = creationOptionsFrom(reply, row, debug, hints);
    if (!found.ok) return found;
    const run = () => startRegistration({ optionsJSON: found.options });
    const verify = (credential: object) => (signal: AbortSignal) =>
      api.fidoInlineRegVerify(credential, row.credType, { signal });
    return { ok: true, ceremony: { run, verify, rpId: null } };
  }
  const found = requestOptionsFrom(reply, row, debug, hints);
  if (!found.ok) return found;
  const run = () => startAuthentication({ optionsJSON: found.options });
  const verify = (assertion: object) => (signal: AbortSignal) =>
    api.fidoAuthVerify({ ...assertion, fidoCredType: row.credType }, { signal });
  return { ok: true, ceremony: { run, verify, rpId: found.options.rpId ?? defaultRpId() } };
}

type Phase = 'loading' | 'manual' | 'prompting' | 'verifying' | 'failed' | 'cancelled';

/**
 * FIDO, security key and passkey (/fido, /security-key, /passkey): request a challenge, start the
 * browser prompt (automatically, or on 'Next' in Safari), send the result to the verifier and
 * route its reply. Inline registration during sign-in uses the same screen in register mode.
 */
export function FidoScreen() {
  const ready = useRequireUser();
  const store = useStore();
  const routeReply = useRouteReply();
  const location = useLocation();
  const row = fidoSignInForPath(location.pathname);
  const openingReply = useAtomValue(factorReplyAtom);
  const userName = useAtomValue(userNameAtom);
  const registering = isRegisterMode(
    (location.state as { mode?: unknown } | null)?.mode,
    openingReply?.nextaction,
  );
  const [phase, setPhase] = useState<Phase>('loading');
  const { error, setError, run } = useLocalisedServerCall();
  const ceremony = useRef<Ceremony | null>(null);
  const alive = useRef(true);

  /** A failed challenge or verifier call: the step failed, with its message ('Try again'). */
  const failed = useCallback((failure: ApiError) => {
    setPhase('failed');
    return failure.kind === 'malformed' ? () => messages.fido.errorProcessing : () => failure.message;
  }, []);

  const prompt = useCallback(async () => {
    const prepared = ceremony.current;
    if (!prepared) return;
    setPhase('prompting');
    setError(null);
    let result: { id: string } & object;
    try {
      result = await prepared.run();
    } catch (failure) {
      const kind = ceremonyFailure(failure);
      if (kind === 'aborted' || !alive.current) return;
      setPhase(kind === 'cancelled' ? 'cancelled' : 'failed');
      setError(
        kind === 'cancelled' ? () => messages.fido.promptCancelled : () => messages.fido.errorVerifying,
      );
      return;
    }
    setPhase('verifying');
    const verified = async (reply: AuthReply) => {
      if (userName) rememberFidoIdentifier(userName, result.id);
      // This sign-in used this FIDO type (also when it registered it inline): the welcome page
      // offers a passkey only after sign-ins that used neither a passkey nor a security key.
      store.set(signInFidoTypeAtom, row.credType);
      await routeReply(reply);
    };
    await run(prepared.verify(result), verified, {
      onError: (failure) => {
        // The SSO says this credential does not exist: the passkey manager stops offering it.
        if (prepared.rpId && passkeySignalsOn(store.get(passkeySettingsAtom)))
          forgetIfUnknown(failure, prepared.rpId, result.id);
        return failed(failure);
      },
    });
  }, [routeReply, userName, run, setError, failed, store, row]);

  /** The challenge reply: its browser prompt, started now or on 'Next'. */
  const start = useCallback(
    async (reply: FidoChallengeReply) => {
      const hints = webAuthnHintsFor(
        store.get(passkeySettingsAtom),
        store.get(portalConfigAtom).audience,
        row.credType,
      );
      const prepared = ceremonyFor(reply, fidoDebugSwitch.read(), row, registering, hints);
      if (!prepared.ok) {
        setPhase('failed');
        setError(() => prepared.message);
        return;
      }
      // Spec section 4: on success (this type's challenge, usable options) store the flow state.
      if (reply.flowState) store.set(flowStateAtom, reply.flowState);
      ceremony.current = prepared.ceremony;
      if (needsManualStart(globalThis.navigator.userAgent, store.get(rememberDeviceEnabledAtom))) {
        setPhase('manual');
        return;
      }
      await prompt();
    },
    [registering, row, store, prompt, setError],
  );

  const prepare = useCallback(async () => {
    setPhase('loading');
    ceremony.current = null;
    const challenge = (signal: AbortSignal): Promise<ApiResult<FidoChallengeReply>> =>
      registering
        ? api.fidoInlineRegChallenge({ userName: userName ?? '', fidoCredType: row.credType }, { signal })
        : api.fidoAuthChallenge(row.credType, userName, { signal });
    await run(challenge, start, { onError: failed });
  }, [registering, row, userName, run, start, failed]);

  useRunOnMount(prepare, ready);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, []);

  if (!ready) return null;
  const busy = phase === 'loading' || phase === 'prompting' || phase === 'verifying';
  const canRetry = phase === 'failed' || phase === 'cancelled';
  return (
    <FactorLayout
      title={registering ? messages.fido.registrationTitle : messages.fido.loginTitle}
      busy={busy}
      // While the browser's prompt is up the user acts, and the status says what to do.
      busyText={phase === 'prompting' ? null : undefined}
      error={error}
      errorActions={
        canRetry ? <Button onClick={() => void prepare()}>{messages.fido.tryAgain}</Button> : null
      }
    >
      <Stack>
        <FidoIcon icon={row.icon} className="portal-factor__icon" />
        <LiveStatus
          className={stackClass('tight')}
          lineClassName="portal-factor__status"
          lines={
            phase === 'manual'
              ? [messages.fido.userInputRequired, messages.fido.clickNext]
              : [row.validateMessage, messages.fido.popupDelay]
          }
        />
      </Stack>
      <Actions>
        {phase === 'manual' ? (
          <Button variant="primary" disabled={!ceremony.current} onClick={() => void prompt()}>
            {messages.common.next}
          </Button>
        ) : null}
        <MoreOptions
          variant={phase === 'manual' ? 'quiet' : 'secondary'}
          onStart={() => WebAuthnAbortService.cancelCeremony()}
          onError={(message) => {
            setPhase('failed');
            setError(message);
          }}
        />
      </Actions>
    </FactorLayout>
  );
}
