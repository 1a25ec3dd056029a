import {
  type ChangeEventHandler,
  type FocusEventHandler,
  type KeyboardEventHandler,
  type ReactNode,
  type Ref,
  useId,
} from 'react';
import './TextField.css';

/** The input's own attributes a screen sets (the rest are the field's). */
export interface TextInputAttributes {
  value?: string;
  defaultValue?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** A key refused before it reaches the field (a passcode takes digits only). */
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  type?: 'text' | 'password' | 'email' | 'tel' | 'number';
  name?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  /** 'ltr' for what is always read left to right (a phone number, an address); 'auto' by default. */
  dir?: 'ltr' | 'rtl' | 'auto';
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  spellCheck?: boolean;
  /** 'characters' for a code printed in capitals. */
  autoCapitalize?: 'none' | 'off' | 'on' | 'characters';
  /** 'off' for a code, a name, an address: nothing to correct. */
  autoCorrect?: 'on' | 'off';
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export interface TextFieldProps extends TextInputAttributes {
  label: string;
  /** A line under the label that says what to type; read with the field. */
  hint?: ReactNode;
  /** Shown under the field and announced; null or empty while the value is fine or unchecked. */
  error?: string | null;
  /** Something at the field's end, on its line (a Show password button). */
  end?: ReactNode;
  /** The input's id, when something else names it; a generated one otherwise. */
  inputId?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text field (issue 44, after the GOV.UK pattern): label above, hint under the label, the input,
 * the error under it. Hint and error describe the input; the error is an alert, announced as it
 * appears. Typed text is in the page's font.
 */
export function TextField({ label, hint, error, end, inputId, className, ref, ...input }: TextFieldProps) {
  const generated = useId();
  const id = inputId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [input['aria-describedby'], hint ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={['portal-field', className].filter(Boolean).join(' ')}>
      <label className="portal-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="portal-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="portal-field__row">
        <input
          ref={ref}
          id={id}
          className="portal-field__input"
          aria-invalid={error ? true : undefined}
          {...input}
          aria-describedby={describedBy || undefined}
        />
        {end}
      </div>
      {/* Rendered when there is something to say: an element with role=alert is announced as it
          comes, and a screen's other alert (its banner) stays the only one while the field is fine. */}
      {error ? (
        <p id={errorId} className="portal-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
