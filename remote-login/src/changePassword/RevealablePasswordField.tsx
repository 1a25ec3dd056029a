import { messages } from '@portal/shared/words';
import { type KeyboardEvent, type Ref, useId, useState } from 'react';

export interface RevealablePasswordFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string | null;
  autoComplete: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onBlur: () => void;
}

const REVEAL_KEYS = new Set([' ', 'Enter']);

/** A password field whose value is shown only while its control is held (pointer or key). */
export function RevealablePasswordField(props: RevealablePasswordFieldProps) {
  const { id, label, value, error, autoComplete, disabled, inputRef, onChange, onBlur } = props;
  const [revealed, setRevealed] = useState(false);
  const errorId = useId();
  const show = () => setRevealed(true);
  const hide = () => setRevealed(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!REVEAL_KEYS.has(event.key)) return;
    event.preventDefault();
    show();
  };
  return (
    <div className="portal-login__field">
      <label htmlFor={id}>{label}</label>
      <div className="portal-login__input-row">
        <input
          ref={inputRef}
          id={id}
          type={revealed ? 'text' : 'password'}
          autoComplete={autoComplete}
          required
          value={value}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          className="portal-button"
          aria-label={`${messages.changePassword.reveal}: ${label}`}
          aria-pressed={revealed}
          disabled={disabled}
          onPointerDown={show}
          onPointerUp={hide}
          onPointerLeave={hide}
          onPointerCancel={hide}
          onKeyDown={onKeyDown}
          onKeyUp={hide}
          onBlur={hide}
        >
          {messages.changePassword.show}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="portal-login__field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
