import { portalConfigAtom } from '@portal/shared/config';
import { useApplyNextAction } from '@portal/shared/flow';
import { messages } from '../messages';
import { paths } from '../paths';
import {
  Actions,
  Button,
  stackClass,
  TextField,
  useFocusFirst,
  useLocalisedServerCall,
} from '@portal/shared/ui';
import { signInPasswordAtom, useSignInTransition } from '@portal/shared/session';
import type { AuthReply } from '@portal/shared/transport';
import { useAtomValue, useStore } from 'jotai';
import { type FormEvent, useRef, useState } from 'react';
import { LoginLayout } from '../common/LoginLayout';
import { MoreOptionsButton } from '../common/MoreOptionsButton';
import { mustChangePassword } from './passwordFailure';
import { loginApi } from '../api/loginCalls';

/** /verify: the password factor (spec sections 2, 4 'Password login' and 5). */
export function PasswordPage() {
  const config = useAtomValue(portalConfigAtom);
  const signIn = useSignInTransition();
  const applyNextAction = useApplyNextAction();
  const store = useStore();
  const [password, setPassword] = useState('');
  // 'Password is required.' follows a submit attempt, not leaving the field: the field has focus
  // when the page opens, and a message shown on blur moved 'Forgot password?' and 'More Options'
  // from under the pointer between press and release, so their first click was lost.
  const [attempted, setAttempted] = useState(false);
  const call = useLocalisedServerCall();
  const { busy, error } = call;
  const inputRef = useRef<HTMLInputElement>(null);
  // On arrival, and again whenever a call ends: the field was disabled while it ran, which took
  // focus away (to <body>); after a refused password the user types the next one straight away.
  useFocusFirst(inputRef, !busy);

  const missing = password.length < 1;
  const showRequired = attempted && missing;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (missing || busy) {
      inputRef.current?.focus();
      return;
    }
    // This sign-in proved the password: the welcome page may upgrade it to a passkey (issue 27).
    const accepted = async (reply: AuthReply) => {
      store.set(signInPasswordAtom, true);
      await applyNextAction(reply);
    };
    await call.run((signal) => loginApi().passwordAuthenticate(password, { signal }), accepted, {
      onError: (failure) => {
        if (mustChangePassword(failure)) {
          signIn({ type: 'factorStep', path: paths.changePassword });
          return null;
        }
        // The service's message says what went wrong; the emptied field is not a missing password.
        setPassword('');
        setAttempted(false);
        return () => failure.message;
      },
    });
  };

  return (
    <LoginLayout title={messages.password.prompt} busy={busy} error={error}>
      <form
        className={stackClass('normal', 'portal-login__form')}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
      >
        <TextField
          ref={inputRef}
          inputId="portal-password"
          label={messages.password.label}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          disabled={busy}
          error={showRequired ? messages.password.required : null}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="portal-login__text">
          <a href={config.forgotPasswordUrl} rel="noopener noreferrer" target="_blank">
            {messages.password.forgot}
          </a>
        </p>
        <Actions>
          <Button type="submit" variant="primary" disabled={busy}>
            {messages.common.submit}
          </Button>
          <MoreOptionsButton call={call} />
        </Actions>
      </form>
    </LoginLayout>
  );
}
