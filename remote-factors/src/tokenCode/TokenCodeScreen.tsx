import { factorApi as api } from '../api/client';
import type { AuthReply } from '@portal/shared/transport';
import {
  Actions,
  Button,
  stackClass,
  TextField,
  useFocusFirst,
  useSaying,
  useLocalisedServerCall,
} from '@portal/shared/ui';
import { finding } from '@portal/shared/words';
import { messages } from '../messages';
import { paths } from '../paths';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useNavigate } from '@portal/shared/router';
import { FactorLayout } from '../common/FactorLayout';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { MoreOptions } from '../moreOptions/MoreOptions';
import { customOutcome } from './customResult';
import { blocksKey, PASSCODE_MAX, passcodeError } from './passcode';

/** Custom token-code factor (/securid): 'Enter your pin and passcode'. */
export function TokenCodeScreen() {
  const ready = useRequireUser();
  const routeReply = useRouteReply();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useSaying();
  const { busy, error, setError, run } = useLocalisedServerCall();
  const input = useRef<HTMLInputElement>(null);
  useFocusFirst(input, ready);

  /** A key that is not a digit is refused before it reaches the field, with its message. */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (blocksKey(event.key, event.ctrlKey || event.metaKey || event.altKey)) {
      event.preventDefault();
      setFieldError(() => messages.securid.invalidCharacter);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setValue(next);
    setFieldError(next === '' ? null : finding(() => passcodeError(next)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = finding(() => passcodeError(value));
    setFieldError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    const answered = async (reply: AuthReply) => {
      const outcome = customOutcome(reply);
      if (outcome === 'invalid') {
        setError(() => messages.securid.invalidPinCode);
        setValue('');
        input.current?.focus();
      } else if (outcome === 'terminate') {
        // The Denied page sets status None itself. Setting it here would let this route's guard,
        // still shown while the Denied screen loads, send the user home instead.
        navigate(paths.denied);
      } else {
        await routeReply(reply);
      }
    };
    await run((signal) => api.customAuthenticate(value, { signal }), answered, {
      onError: () => () => messages.securid.systemError,
    });
  };

  if (!ready) return null;
  return (
    <FactorLayout title={messages.factorLabels.CUSTOM} busy={busy} error={error}>
      <form className={stackClass('normal')} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          ref={input}
          label={messages.securid.prompt}
          onKeyDown={onKeyDown}
          type="password"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PASSCODE_MAX}
          dir="ltr"
          required
          value={value}
          error={fieldError}
          onChange={onChange}
          disabled={busy}
        />
        <Actions>
          <Button type="submit" variant="primary" disabled={busy}>
            {messages.common.submit}
          </Button>
          <MoreOptions onError={setError} disabled={busy} />
        </Actions>
      </form>
    </FactorLayout>
  );
}
