import { factorApi as api } from '../api/client';
import type { AuthReply } from '@portal/shared/transport';
import { useFocusFirst, useSaying, useLocalisedServerCall } from '@portal/shared/ui';
import { finding } from '@portal/shared/words';
import { messages } from '../messages';
import { paths } from '../paths';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
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
  const id = useId();
  useFocusFirst(input, ready);

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
  const errorId = `${id}-error`;
  return (
    <FactorLayout title={messages.factorLabels.CUSTOM} busy={busy} error={error}>
      <form className="portal-factor__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="portal-factor__field">
          <label htmlFor={id}>{messages.securid.prompt}</label>
          <input
            ref={input}
            id={id}
            type="password"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PASSCODE_MAX}
            dir="ltr"
            required
            value={value}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            onKeyDown={onKeyDown}
            onChange={onChange}
            disabled={busy}
          />
          {fieldError ? (
            <p id={errorId} className="portal-factor__field-error" role="alert">
              {fieldError}
            </p>
          ) : null}
        </div>
        <div className="portal-factor__actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
            {messages.common.submit}
          </button>
          <MoreOptions onError={setError} disabled={busy} />
        </div>
      </form>
    </FactorLayout>
  );
}
