import { stackClass, TextField, type TextInputAttributes } from '@portal/shared/ui';
import type { RefObject } from 'react';
import { messages } from '../messages';
import type { RegistrationType } from '../paths';
import { afterPress } from './afterPress';
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

/** The input's type and direction per credential type: a phone number and an address read left to right. */
const inputs: Partial<Record<RegistrationType, Pick<TextInputAttributes, 'type' | 'dir' | 'autoComplete'>>> =
  {
    email: { type: 'email', dir: 'ltr', autoComplete: 'email' },
    sms: { type: 'tel', dir: 'ltr', autoComplete: 'tel' },
  };

/** Step 2: the value for the chosen type (and the credential ID for vendor push), kernel text fields. */
export function ValueStep(props: ValueStepProps) {
  const { type } = props;
  return (
    <fieldset className={stackClass('normal', 'portal-register__value')}>
      <legend className="portal-register__legend">
        {messages.registration.enterValue({ typeName: props.typeName })}
      </legend>
      <TextField
        ref={props.firstRef}
        label={messages.registration.valueLabels[type]}
        value={props.value}
        required
        {...inputs[type]}
        // Shown once the field was touched (after a press that left it: the message must not move
        // the button being pressed); the line under it takes no room while empty.
        error={props.touched.value ? props.errors.value : null}
        onChange={(event) => props.onValue(event.target.value)}
        onBlur={() => afterPress(() => props.onTouch('value'))}
      />
      {type === 'totp_push' ? (
        <TextField
          label={messages.registration.credentialIdLabel}
          value={props.credentialId}
          required
          error={props.touched.credentialId ? props.errors.credentialId : null}
          onChange={(event) => props.onCredentialId(event.target.value)}
          onBlur={() => afterPress(() => props.onTouch('credentialId'))}
        />
      ) : null}
      <LegalNotice type={type} />
    </fieldset>
  );
}
