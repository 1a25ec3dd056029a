import { api } from '../api/client';
import { BusyIndicator, Dialog, useBusyIndicator, useSaying } from '@portal/shared/ui';
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
      aria-label={messages.selfService.confirmTitle}
      aria-describedby={`${id}-question ${id}-explanation`}
    >
      <form className="portal-step-up" onSubmit={submit} noValidate aria-busy={busyShown}>
        <p id={`${id}-question`}>{shown.current}</p>
        <p id={`${id}-explanation`}>{text.explanation}</p>
        <div className="portal-selfservice__field">
          <label htmlFor={`${id}-password`}>{text.passwordLabel}</label>
          <input
            ref={inputRef}
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p id={`${id}-error`} className="portal-selfservice__field-error" role="alert">
            {error}
          </p>
        </div>
        <BusyIndicator shown={busyShown} />
        <div className="portal-selfservice__actions">
          <button type="submit" className="portal-button portal-button--primary">
            {messages.common.yes}
          </button>
          <button type="button" className="portal-button" onClick={onCancel}>
            {messages.common.cancel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
