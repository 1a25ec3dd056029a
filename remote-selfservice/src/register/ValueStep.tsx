import { messages } from '../messages';
import type { RegistrationType } from '../paths';
import { type RefObject, useId } from 'react';
import { LegalNotice } from './LegalNotice';
import type { RegistrationErrors } from './validation';

export interface ValueStepProps {
  type: RegistrationType;
  typeName: string;
  value: string;
  credentialId: string;
  errors: RegistrationErrors;
  touched: { value: boolean; credentialId: boolean };
  onValue: (value: string) => void;
  onCredentialId: (value: string) => void;
  onTouch: (field: 'value' | 'credentialId') => void;
  firstRef: RefObject<HTMLInputElement | null>;
}

const inputTypes: Partial<Record<RegistrationType, string>> = { email: 'email', sms: 'tel' };

function Field(props: {
  label: string;
  value: string;
  error: string | undefined;
  shown: boolean;
  type?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const showError = props.shown && props.error;
  return (
    <div className="portal-selfservice__field">
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={props.inputRef}
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        required
        aria-invalid={showError ? true : undefined}
        aria-describedby={showError ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
      {/* Always present (space reserved) so a message appearing on blur does not move the buttons under the pointer. */}
      <p id={errorId} className="portal-selfservice__field-error" role="alert">
        {showError ? props.error : null}
      </p>
    </div>
  );
}

/** Step 2: the value for the chosen type (and the credential ID for vendor push). */
export function ValueStep(props: ValueStepProps) {
  const { type } = props;
  return (
    <fieldset className="portal-register__value">
      <legend>{messages.registration.enterValue({ typeName: props.typeName })}</legend>
      <Field
        inputRef={props.firstRef}
        label={messages.registration.valueLabels[type]}
        value={props.value}
        error={props.errors.value}
        shown={props.touched.value}
        type={inputTypes[type]}
        onChange={props.onValue}
        onBlur={() => props.onTouch('value')}
      />
      {type === 'totp_push' ? (
        <Field
          label={messages.registration.credentialIdLabel}
          value={props.credentialId}
          error={props.errors.credentialId}
          shown={props.touched.credentialId}
          onChange={props.onCredentialId}
          onBlur={() => props.onTouch('credentialId')}
        />
      ) : null}
      <LegalNotice type={type} />
    </fieldset>
  );
}
