import { type RefObject, useId } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced; null when the value is fine or not checked yet. */
  error: string | null;
  /** A line under the label that says what to type (read with the field). */
  hint?: string;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  disabled?: boolean;
}

/** A labelled input with its hint and its error, both tied to it for assistive technology. */
export function TextField(props: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="portal-factor__field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <span id={hintId} className="portal-enrolment__hint">
          {props.hint}
        </span>
      ) : null}
      <input
        ref={props.inputRef}
        id={id}
        type={props.type ?? 'text'}
        // A phone number or an e-mail address stays left to right on a right-to-left page.
        dir={props.type === 'tel' || props.type === 'email' ? 'ltr' : 'auto'}
        value={props.value}
        required
        autoComplete={props.autoComplete}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {/* Always present, so assistive technology announces a message as it appears. */}
      <p id={errorId} className="portal-factor__field-error" role="alert">
        {props.error}
      </p>
    </div>
  );
}
