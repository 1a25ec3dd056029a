import { api } from '@portal/shared/api/client';
import type { ApiResult } from '@portal/shared/api/result';
import type { AuthReply, FidoChallengeReply } from '@portal/shared/api/schemas';
import {
  expectedChallengeAction,
  type FidoType,
  fidoTypeForPath,
  isRegisterMode,
} from '@portal/shared/fido/fidoTypes';
import { messages } from '@portal/shared/messages/en_US';
import {
  factorReplyAtom,
  flowStateAtom,
  rememberDeviceEnabledAtom,
  userNameAtom,
} from '@portal/shared/session/atoms';
import { startAuthentication, startRegistration, WebAuthnAbortService } from '@simplewebauthn/browser';
import { FidoIcon } from '@portal/shared/ui/FidoIcon';
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
import { inlineRegChallenge, inlineRegVerify } from './inlineRegistration';
import { needsManualStart } from './manualMode';

/** A prepared browser prompt: run it, and send its result to the verifier. */
interface Ceremony {
  run: () => Promise<{ id: string } & object>;
  verify: (result: object) => Promise<ApiResult<AuthReply>>;
}

/**
 * The prompt for this challenge reply: a registration (inline, in the sign-in flow) or a sign-in,
 * with the reply's options and the debug switch; or the message when the options are unusable.
 */
function ceremonyFor(
  reply: FidoChallengeReply,
  debug: FidoDebug | null,
  row: FidoType,
  registering: boolean,
): { ok: true; ceremony: Ceremony } | { ok: false; message: string } {
  if (registering) {
    const found = creationOptionsFrom(reply, debug);
    if (!found.ok) return found;
    const run = () => startRegistration({ optionsJSON: found.options });
    return { ok: true, ceremony: { run, verify: (credential) => inlineRegVerify(credential, row) } };
  }
  const found = requestOptionsFrom(reply, debug);
  if (!found.ok) return found;
  const run = () => startAuthentication({ optionsJSON: found.options });
  const verify = (assertion: object) => api.fidoAuthVerify({ ...assertion, fidoCredType: row.credType });
  return { ok: true, ceremony: { run, verify } };
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
  const row = fidoTypeForPath(location.pathname);
  const openingReply = useAtomValue(factorReplyAtom);
  const userName = useAtomValue(userNameAtom);
  const registering = isRegisterMode(
    (location.state as { mode?: unknown } | null)?.mode,
    openingReply?.nextaction,
  );
  const [phase, setPhase] = useState<Phase>('loading');
  const [error, setError] = useState<string | null>(null);
  const ceremony = useRef<Ceremony | null>(null);
  const alive = useRef(true);

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
      setError(kind === 'cancelled' ? messages.fido.promptCancelled : messages.fido.errorVerifying);
      return;
    }
    setPhase('verifying');
    const verified = await prepared.verify(result);
    if (!alive.current) return;
    if (!verified.ok) {
      if (verified.error.kind === 'null') {
        await routeReply(null);
        return;
      }
      setPhase('failed');
      setError(verified.error.kind === 'malformed' ? messages.fido.errorProcessing : verified.error.message);
      return;
    }
    if (userName) rememberFidoIdentifier(userName, result.id);
    await routeReply(verified.data);
  }, [routeReply, userName]);

  const prepare = useCallback(async () => {
    setPhase('loading');
    setError(null);
    ceremony.current = null;
    const challenge: ApiResult<FidoChallengeReply> = registering
      ? await inlineRegChallenge({ userName: userName ?? '', fidoType: row })
      : await api.fidoAuthChallenge(row.credType, userName);
    if (!alive.current) return;
    if (!challenge.ok) {
      if (challenge.error.kind === 'null') {
        await routeReply(null);
        return;
      }
      setPhase('failed');
      setError(
        challenge.error.kind === 'malformed' ? messages.fido.errorProcessing : challenge.error.message,
      );
      return;
    }
    const reply = challenge.data;
    if (reply.nextaction !== expectedChallengeAction(row, registering ? 'register' : 'login')) {
      setPhase('failed');
      setError(messages.fido.errorInData);
      return;
    }
    if (reply.flowState) store.set(flowStateAtom, reply.flowState);
    const prepared = ceremonyFor(reply, fidoDebugSwitch.read(), row, registering);
    if (!prepared.ok) {
      setPhase('failed');
      setError(prepared.message);
      return;
    }
    ceremony.current = prepared.ceremony;
    if (needsManualStart(globalThis.navigator.userAgent, store.get(rememberDeviceEnabledAtom))) {
      setPhase('manual');
      return;
    }
    await prompt();
  }, [registering, row, userName, store, routeReply, prompt]);

  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    void prepare();
  }, [ready, prepare]);

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
      error={error}
      errorActions={
        canRetry ? (
          <button type="button" className="portal-button" onClick={() => void prepare()}>
            {messages.fido.tryAgain}
          </button>
        ) : null
      }
    >
      <FidoIcon icon={row.icon} className="portal-factor__icon" />
      <div role="status">
        {phase === 'manual' ? (
          <>
            <p className="portal-factor__status">{messages.fido.userInputRequired}</p>
            <p className="portal-factor__status">{messages.fido.clickNext}</p>
          </>
        ) : (
          <>
            <p className="portal-factor__status">{row.validateMessage}</p>
            <p className="portal-factor__status">{messages.fido.popupDelay}</p>
          </>
        )}
      </div>
      <div className="portal-factor__actions">
        {phase === 'manual' ? (
          <button
            type="button"
            className="portal-button portal-button--primary"
            disabled={!ceremony.current}
            onClick={() => void prompt()}
          >
            {messages.common.next}
          </button>
        ) : null}
        <MoreOptions
          onStart={() => WebAuthnAbortService.cancelCeremony()}
          onError={(message) => {
            setPhase('failed');
            setError(message);
          }}
        />
      </div>
    </FactorLayout>
  );
}
