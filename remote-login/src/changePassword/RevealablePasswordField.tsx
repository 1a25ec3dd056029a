import { messages } from '../messages';
import { buttonClass, TextField } from '@portal/shared/ui';
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

/**
 * A password field whose value is shown only while its control is held (pointer or key). The
 * control's name is its visible word and the field's label ('Show Current password'), so the
 * word a speech-input user says is in it in every language (WCAG 2.5.3); how to use it ('Hold to
 * show password') is its description.
 */
export function RevealablePasswordField(props: RevealablePasswordFieldProps) {
  const { id, label, value, error, autoComplete, disabled, inputRef, onChange, onBlur } = props;
  const [revealed, setRevealed] = useState(false);
  const hintId = useId();
  const show = () => setRevealed(true);
  const hide = () => setRevealed(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!REVEAL_KEYS.has(event.key)) return;
    event.preventDefault();
    show();
  };
  return (
    <TextField
      ref={inputRef}
      inputId={id}
      label={label}
      type={revealed ? 'text' : 'password'}
      autoComplete={autoComplete}
      required
      value={value}
      disabled={disabled}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      end={
        <>
          {/* Held, not toggled, with pointer-level events the kernel's Button does not take: a
              native button in the kernel's secondary style. */}
          <button
            type="button"
            className={buttonClass('secondary')}
            aria-label={`${messages.changePassword.show} ${label}`}
            aria-describedby={hintId}
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
          {/* Referenced by the button only: a hidden element still gives its text to a description. */}
          <span id={hintId} hidden>
            {messages.changePassword.reveal}
          </span>
        </>
      }
    />
  );
}
