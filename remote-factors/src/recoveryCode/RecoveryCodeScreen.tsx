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
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { send } from '../api/send';
import { FactorLayout } from '../common/FactorLayout';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { messages } from '../messages';
import { MoreOptions } from '../moreOptions/MoreOptions';
import { RECOVERY_CODE_MAX_TYPED, recoveryCodeError, recoveryCodeProblem } from './recoveryCode';
import { createRecoveryCodeCalls } from './recoveryCodeCalls';

const calls = createRecoveryCodeCalls(send);

/**
 * The recovery-code factor (/recovery-code, after RECOVERYCODE_AUTH): one of the user's saved
 * codes in place of their usual second factor. The field is a plain text field with autofill
 * off: a recovery code is not a one-time code a phone offers, and the browser must not keep it.
 */
export function RecoveryCodeScreen() {
  const ready = useRequireUser();
  const routeReply = useRouteReply();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useSaying();
  /** A refused code was cleared: the field takes focus again once the call is over (it is disabled while busy). */
  const [refocus, setRefocus] = useState(false);
  const { busy, error, setError, run } = useLocalisedServerCall();
  const input = useRef<HTMLInputElement>(null);
  useFocusFirst(input, ready);
  useEffect(() => {
    if (busy || !refocus) return;
    setRefocus(false);
    input.current?.focus();
  }, [busy, refocus]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.target.value);
    const typed = event.target.value;
    if (fieldError) setFieldError(finding(() => recoveryCodeProblem(typed)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = finding(() => recoveryCodeProblem(value));
    setFieldError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    await run(
      (signal) => calls.authenticateRecoveryCode(value, { signal }),
      (reply: AuthReply) => routeReply(reply),
      {
        onError: (failure) => {
          // A refused code is spent or wrong: clear it so the next one is typed afresh.
          setValue('');
          setRefocus(true);
          return () => recoveryCodeError(failure);
        },
      },
    );
  };

  if (!ready) return null;
  return (
    <FactorLayout title={messages.recoveryCode.title} busy={busy} error={error}>
      <form className={stackClass('normal')} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          ref={input}
          label={messages.recoveryCode.prompt}
          hint={messages.recoveryCode.hint}
          type="text"
          autoComplete="off"
          spellCheck={false}
          // Capitals as the codes are printed, and no correction of a code.
          autoCapitalize="characters"
          autoCorrect="off"
          maxLength={RECOVERY_CODE_MAX_TYPED}
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
