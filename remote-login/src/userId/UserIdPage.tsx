import { api, type AuthReply } from '@portal/shared/transport';
import { type LoginStartOutcome, startLogin } from './loginStart';
import { messages } from '../messages';
import { dropFlowStateFromAddress, useLocation } from '@portal/shared/router';
import { flowStateAtom, riskTypeAtom, signInFidoTypeAtom } from '@portal/shared/session';
import { useApplyNextAction } from '@portal/shared/flow';
import { useAtomValue, useStore } from 'jotai';
import { useRunOnMount, useServerCall, useFocusFirst } from '@portal/shared/ui';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { LoginLayout } from '../common/LoginLayout';
import { useRestartNeeded } from '../common/useRestartNeeded';
import { useArrival } from './useArrival';
import { useDeviceData } from './useDeviceData';
import type { PickedPasskey } from './conditionalPasskey';
import { usePasskeyAutofill } from './usePasskeyAutofill';
import { useSignIn } from './useSignIn';

type Phase = 'starting' | 'form' | 'submitting';

/**
 * /direct and /oauth2: login start, which may authenticate at once (a remembered user; the oauth2
 * arrival), then the User ID form (spec sections 2 and 4).
 */
export function UserIdPage() {
  const store = useStore();
  const { pathname, search } = useLocation();
  const riskType = useAtomValue(riskTypeAtom);
  const deviceData = useDeviceData(riskType);
  const { error, setError, run } = useServerCall();
  const signIn = useSignIn(deviceData, run);
  const arrive = useArrival(deviceData, run, setError);
  const restartNeeded = useRestartNeeded();
  const applyNextAction = useApplyNextAction();
  const [phase, setPhase] = useState<Phase>('starting');
  const [userName, setUserName] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [startFailed, setStartFailed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const tooltipId = useId();
  const warningId = useId();
  useFocusFirst(inputRef, phase === 'form');

  const submit = useCallback(
    async (name: string, remember: boolean) => {
      setPhase('submitting');
      setError(null);
      await signIn(name, remember, () => setPhase('form'));
    },
    [signIn, setError],
  );

  const begin = useCallback(async () => {
    setPhase('starting');
    setError(null);
    setStartFailed(false);
    const outcome: LoginStartOutcome = await startLogin({ store, api, pathname, search });
    if (!outcome.ok) {
      if (outcome.restartNeeded) return restartNeeded(outcome.message);
      setError(outcome.message);
      setStartFailed(true);
      setPhase('form');
      return;
    }
    if (outcome.rememberedUser) setUserName(outcome.rememberedUser);
    // Spec section 4, Login start 2 and 4: the remembered user, or on the oauth2 arrival the flow
    // state alone, is authenticated at once; the form shows while nothing runs.
    if (outcome.authenticateAtOnce === 'rememberedUser' && outcome.rememberedUser)
      return submit(outcome.rememberedUser, true);
    if (outcome.authenticateAtOnce === 'flowState') return arrive(() => setPhase('form'));
    setPhase('form');
  }, [store, pathname, search, restartNeeded, submit, arrive, setError]);

  useRunOnMount(() => {
    // The oauth2 entry's x-flow-state is read (from the router's location, which keeps it) and
    // saved with the entry's parameters: it leaves the address and the history at once.
    dropFlowStateFromAddress();
    return begin();
  });

  /** A passkey picked from the field's suggestions: the spec's FIDO verifier, then the usual routing. */
  const signInWithPasskey = useCallback(
    async ({ assertion, flowState }: PickedPasskey) => {
      setPhase('submitting');
      setError(null);
      // The assertion answers the challenge of this flow state (kept aside while the field waited).
      if (flowState) store.set(flowStateAtom, flowState);
      const signedIn = async (reply: AuthReply) => {
        store.set(signInFidoTypeAtom, 'PASSKEY');
        await applyNextAction(reply);
      };
      await run(
        (signal) => api.fidoAuthVerify({ ...assertion, fidoCredType: 'PASSKEY' }, { signal }),
        signedIn,
        {
          onError: (failure) => {
            setPhase('form');
            return failure.message;
          },
        },
      );
    },
    [store, run, setError, applyNextAction],
  );
  usePasskeyAutofill(phase === 'form' && !startFailed, (picked) => void signInWithPasskey(picked));

  const valid = userName.trim().length >= 1;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && phase === 'form' && !startFailed) void submit(userName, rememberMe);
  };

  return (
    <LoginLayout
      title={messages.userId.title}
      busy={phase !== 'form'}
      error={error}
      errorActions={
        startFailed ? (
          <button type="button" className="portal-button" onClick={() => void begin()}>
            {messages.common.retry}
          </button>
        ) : null
      }
    >
      <form className="portal-login__form" onSubmit={onSubmit} noValidate aria-describedby={warningId}>
        <div className="portal-login__field">
          <label htmlFor="portal-user-id">{messages.userId.label}</label>
          <input
            ref={inputRef}
            id="portal-user-id"
            name="username"
            type="text"
            // 'webauthn' lets the browser list passkeys among the suggestions (usePasskeyAutofill).
            autoComplete="username webauthn"
            autoCapitalize="none"
            spellCheck={false}
            required
            minLength={1}
            value={userName}
            disabled={phase !== 'form'}
            onChange={(event) => setUserName(event.target.value)}
          />
        </div>
        <div className="portal-login__check">
          <input
            id="portal-remember-me"
            type="checkbox"
            checked={rememberMe}
            disabled={phase !== 'form'}
            aria-describedby={tooltipId}
            onChange={(event) => setRememberMe(event.target.checked)}
          />
          <label htmlFor="portal-remember-me" title={messages.userId.rememberMeTooltip}>
            {messages.userId.rememberMe}
          </label>
          <span id={tooltipId} role="tooltip" className="portal-login__tooltip">
            {messages.userId.rememberMeTooltip}
          </span>
        </div>
        <div className="portal-login__actions">
          <button
            type="submit"
            className="portal-button portal-button--primary"
            disabled={!valid || phase !== 'form' || startFailed}
          >
            {messages.common.submit}
          </button>
        </div>
        <p id={warningId} className="portal-login__warning">
          {messages.userId.authorizedOnly}
        </p>
      </form>
    </LoginLayout>
  );
}
