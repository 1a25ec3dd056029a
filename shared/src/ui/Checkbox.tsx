import { type ChangeEventHandler, type ReactNode, type Ref, useId } from 'react';
import './Checkbox.css';

export interface CheckboxProps {
  label: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  name?: string;
  disabled?: boolean;
  className?: string;
  'aria-describedby'?: string;
  /** The input's id, when something else finds it by id (a server-rendered form adopted by the app). */
  inputId?: string;
  /** A line under the label, lined up with it, that says what ticking it does; read with the box. */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A check box with its label beside it and its hint under the label (issue 44). */
export function Checkbox({ label, hint, className, inputId, ref, ...input }: CheckboxProps) {
  const generated = useId();
  const id = inputId ?? generated;
  const hintId = `${id}-hint`;
  const describedBy = [input['aria-describedby'], hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={['portal-checkbox', className].filter(Boolean).join(' ')}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="portal-checkbox__input"
        {...input}
        aria-describedby={describedBy || undefined}
      />
      <label className="portal-checkbox__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="portal-checkbox__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
