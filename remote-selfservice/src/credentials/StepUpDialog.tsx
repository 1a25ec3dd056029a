import { api } from '../api/client';
import {
  Actions,
  BusyIndicator,
  Button,
  Dialog,
  stackClass,
  TextField,
  useBusyIndicator,
  useSaying,
} from '@portal/shared/ui';
import type { Saying } from '@portal/shared/words';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { serviceErrorText } from '../common/errorText';
import { messages, WRONG_PASSWORD_CODE } from '../messages';

export interface StepUpDialogProps {
  /** The spec's delete question; null closes the dialog. */
  question: string | null;
  /** The credentials the grant is asked for. */
  credIds: readonly string[];
  /** The SSO granted the delete: the dialog closes and the owner deletes with the grant. */
  onGranted: (stepUpGrant: string) => void;
  onCancel: () => void;
  /** The dialog has closed and the page behind can take focus again. */
  onClosed?: () => void;
}

/**
 * The delete confirmation with a fresh factor (our design, the spec has no step-up): the spec's
 * question and its Yes and Cancel, plus the user's password, sent to MeStepUp for a grant. A wrong
 * password says so and keeps the dialog open; Cancel or Escape changes nothing and focus goes
 * back to the button that opened it (ui/Dialog).
 */
export function StepUpDialog({ question, credIds, onGranted, onCancel, onClosed }: StepUpDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useSaying();
  const [busy, setBusy] = useState(false);
  const busyShown = useBusyIndicator(busy);
  const shown = useRef(question);
  if (question) shown.current = question;
  const open = question !== null;
  const text = messages.stepUp;

  // A password typed for one delete never waits in the page for the next.
  useEffect(() => {
    if (open) return;
    setPassword('');
    setError(null);
    setBusy(false);
  }, [open]);

  const fail = (message: Saying) => {
    setError(message);
    setBusy(false);
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) return fail(() => messages.changePassword.fieldRequired);
    setBusy(true);
    setError(null);
    const result = await api.stepUp(password, credIds);
    if (result.ok) {
      setBusy(false);
      onGranted(result.data.stepUpGrant);
      return;
    }
    const failure = result.error;
    fail(() =>
      failure.errorCode === WRONG_PASSWORD_CODE ? messages.stepUp.wrongPassword : serviceErrorText(failure),
    );
  };

  return (
    <Dialog
      open={open}
      onDismiss={onCancel}
      onClosed={onClosed}
      initialFocus={inputRef}
      className="portal-step-up-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-question ${id}-explanation`}
    >
      <form
        className={stackClass('normal', 'portal-selfservice-dialog')}
        onSubmit={submit}
        noValidate
        aria-busy={busyShown}
      >
        <h2 id={`${id}-title`} className="portal-selfservice-dialog__title">
          {messages.selfService.confirmTitle}
        </h2>
        <p id={`${id}-question`}>{shown.current}</p>
        <p id={`${id}-explanation`}>{text.explanation}</p>
        <TextField
          ref={inputRef}
          label={text.passwordLabel}
          type="password"
          autoComplete="current-password"
          value={password}
          required
          error={error}
          onChange={(event) => setPassword(event.target.value)}
        />
        <BusyIndicator shown={busyShown} />
        <Actions>
          <Button type="submit" variant="primary">
            {messages.common.yes}
          </Button>
          <Button onClick={onCancel}>{messages.common.cancel}</Button>
        </Actions>
      </form>
    </Dialog>
  );
}
