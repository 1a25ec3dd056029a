import { CREDENTIAL_TYPES } from '@portal/shared/flow';
import { messages } from '@portal/shared/words';
import type { RegistrationType } from '@portal/shared/router';
import type { RefObject } from 'react';
import { LegalNotice } from './LegalNotice';

export interface TypeStepProps {
  type: RegistrationType | null;
  vendorAccessName: string;
  onChange: (type: RegistrationType) => void;
  firstRef: RefObject<HTMLInputElement | null>;
}

/** Step 1: the credential types; sms and e-mail are shown but cannot be registered here. */
export function TypeStep({ type, vendorAccessName, onChange, firstRef }: TypeStepProps) {
  const firstEnabled = CREDENTIAL_TYPES.find((info) => !info.registrationDisabled)?.type;
  return (
    <fieldset className="portal-register__types">
      <legend>{messages.registration.chooseType}</legend>
      {CREDENTIAL_TYPES.map((info) => (
        <div key={info.type} className="portal-register__type">
          <label>
            <input
              ref={info.type === firstEnabled ? firstRef : undefined}
              type="radio"
              name="credential-type"
              value={info.type}
              checked={type === info.type}
              disabled={info.registrationDisabled}
              onChange={() => onChange(info.type)}
            />{' '}
            {info.registrationName(vendorAccessName)}
          </label>
          {info.registrationDisabled ? (
            <p className="portal-selfservice__hint">{messages.registration.notAvailableHere}</p>
          ) : null}
          <LegalNotice type={info.type} />
        </div>
      ))}
    </fieldset>
  );
}
