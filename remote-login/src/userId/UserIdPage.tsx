import { api, type AuthReply, forgetIfUnknown } from '@portal/shared/transport';
import { passkeySettingsAtom, passkeySignalsOn } from '@portal/shared/config';
import { type LoginStartOutcome, startLogin } from './loginStart';
import { messages } from '../messages';
import { dropFlowStateFromAddress, useLocation } from '@portal/shared/router';
import { flowStateAtom, riskTypeAtom, signInFidoTypeAtom } from '@portal/shared/session';
import { useApplyNextAction } from '@portal/shared/flow';
import { focusHeading } from '@portal/shared/a11y';
import { useAtomValue, useStore } from 'jotai';
import {
  Actions,
  Button,
  Checkbox,
  Notice,
  stackClass,
  TextField,
  useAdoptedForm,
  useFocusFirst,
  useLocalisedServerCall,
  useRunOnMount,
} from '@portal/shared/ui';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { LoginLayout } from '../common/LoginLayout';
import { useRestartNeeded } from '../common/useRestartNeeded';
import { useArrival } from './useArrival';
import { useDeviceData } from './useDeviceData';
import type { PickedPasskey } from './conditionalPasskey';
import { usePasskeyAutofill } from './usePasskeyAutofill';
import { useSignIn } from './useSignIn';

/**
 * 'starting': login start runs; the form is usable (the server-rendered page's state, so the app
 * takes it over with nothing changing) but cannot be submitted yet. 'arriving' and 'submitting':
 * a call made for the user runs; the form waits.
 */
type Phase = 'starting' | 'arriving' | 'form' | 'submitting';

const USER_ID_FIELD = 'portal-user-id';
const REMEMBER_ME_FIELD = 'portal-remember-me';

/**
 * /direct and /oauth2: login start, which may authenticate at once (a remembered user; the oauth2
 * arrival), then the User ID form (spec sections 2 and 4).
 */
export function UserIdPage() {
  const store = useStore();
  const { pathname, search } = useLocation();
  const riskType = useAtomValue(riskTypeAtom);
  const deviceData = useDeviceData(riskType);
  const { error, setError, run } = useLocalisedServerCall();
  const signIn = useSignIn(deviceData, run);
  const arrive = useArrival(deviceData, run, setError);
  const restartNeeded = useRestartNeeded();
  const applyNextAction = useApplyNextAction();
  const [phase, setPhase] = useState<Phase>('starting');
  // What the user typed and toggled in the server-rendered form before the app ran.
  const adopted = useAdoptedForm();
  const [userName, setUserName] = useState(() => adopted.value(USER_ID_FIELD, ''));
  const [rememberMe, setRememberMe] = useState(() => adopted.checked(REMEMBER_ME_FIELD, true));
  const [startFailed, setStartFailed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const warningId = useId();
  const waiting = phase === 'arriving' || phase === 'submitting';
  useFocusFirst(inputRef, phase === 'form');
  // The oauth2 arrival authenticates for the user and disables the form for as long as that takes.
  // The screen's first focus can land in the field before the call starts (login start is slow on
  // a loaded phone): disabled, the field would drop it to <body>. It goes to the heading instead.
  useEffect(() => {
    if (phase !== 'arriving') return;
    const field = inputRef.current;
    const active = document.activeElement;
    if (!field || (active !== null && active !== document.body && active !== field)) return;
    const screen = field.closest('section');
    if (screen) focusHeading(screen, 'h1');
  }, [phase]);

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
      setError(() => outcome.message);
      setStartFailed(true);
      setPhase('form');
      return;
    }
    if (outcome.rememberedUser) setUserName(outcome.rememberedUser);
    // Spec section 4, Login start 2 and 4: the remembered user, or on the oauth2 arrival the flow
    // state alone, is authenticated at once; the form shows while nothing runs.
    if (outcome.authenticateAtOnce === 'rememberedUser' && outcome.rememberedUser)
      return submit(outcome.rememberedUser, true);
    if (outcome.authenticateAtOnce === 'flowState') {
      setPhase('arriving');
      return arrive(() => setPhase('form'));
    }
    // Ready in the task login start ends: on the rendered first screen, the app's take-over task,
    // so the first frame the app paints already offers Submit (issue 25; a later render cost a frame).
    flushSync(() => setPhase('form'));
  }, [store, pathname, search, restartNeeded, submit, arrive, setError]);

  useRunOnMount(() => {
    // The oauth2 entry's x-flow-state is read (from the router's location, which keeps it) and
    // saved with the entry's parameters: it leaves the address and the history at once.
    dropFlowStateFromAddress();
    return begin();
  });

  /** A passkey picked from the field's suggestions: the spec's FIDO verifier, then the usual routing. */
  const signInWithPasskey = useCallback(
    async ({ assertion, flowState, rpId }: PickedPasskey) => {
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
            // The SSO says this passkey does not exist (deleted): the passkey manager stops
            // offering it (WebAuthn Signal API, issue 27).
            if (passkeySignalsOn(store.get(passkeySettingsAtom)))
              forgetIfUnknown(failure, rpId, assertion.id);
            setPhase('form');
            return () => failure.message;
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
      // Login start too (its client token): the form stays usable, but a start that does not
      // answer within a second says so, as a call made for the user does.
      busy={phase !== 'form'}
      error={error}
      errorActions={
        startFailed ? <Button onClick={() => void begin()}>{messages.common.retry}</Button> : null
      }
    >
      {/* Never submitted natively (Submit is disabled until the app runs); were it ever, a POST
          keeps the User ID out of the address. */}
      <form
        className={stackClass('normal', 'portal-login__form')}
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={warningId}
      >
        <TextField
          ref={inputRef}
          inputId={USER_ID_FIELD}
          label={messages.userId.label}
          name="username"
          type="text"
          // 'webauthn' lets the browser list passkeys among the suggestions (usePasskeyAutofill).
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          // A User ID runs in its own direction, whatever the page's (bidi isolation).
          dir="auto"
          required
          value={userName}
          disabled={waiting}
          onChange={(event) => setUserName(event.target.value)}
        />
        {/* The spec's tooltip is a hint under the label, seen on every screen (a tooltip fails on
            touch). Its id is fixed: the server-rendered form is taken over by element id. */}
        <Checkbox
          inputId={REMEMBER_ME_FIELD}
          className="portal-login__check"
          label={messages.userId.rememberMe}
          hint={messages.userId.rememberMeTooltip}
          checked={rememberMe}
          disabled={waiting}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        <Actions>
          <Button type="submit" variant="primary" disabled={!valid || phase !== 'form' || startFailed}>
            {messages.common.submit}
          </Button>
        </Actions>
      </form>
      {/* The form's description (aria-describedby), under it. */}
      <Notice tone="warning">
        <p id={warningId}>{messages.userId.authorizedOnly}</p>
      </Notice>
    </LoginLayout>
  );
}
