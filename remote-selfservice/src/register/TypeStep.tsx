import type { FactorIconName } from '@portal/contributions/schema';
import { FactorIcon } from '@portal/shared/ui';
import { type RefObject, useId } from 'react';
import { CREDENTIAL_TYPES } from '../common/credentialTypes';
import { messages } from '../messages';
import type { RegistrationType } from '../paths';
import { LegalNotice } from './LegalNotice';

export interface TypeStepProps {
  type: RegistrationType | null;
  vendorAccessName: string;
  onChange: (type: RegistrationType) => void;
  firstRef: RefObject<HTMLInputElement | null>;
}

/** Each type's icon on its card (the kernel's factor drawings). */
const ICONS: Record<RegistrationType, FactorIconName> = {
  sms: 'message',
  email: 'email',
  fido: 'biometric',
  securitykey: 'security-key',
  passkey: 'passkey',
  totp: 'authenticator',
  totp_push: 'push',
};

/**
 * Step 1: the credential types as the kernel's choice cards (ChoiceList's markup and styles);
 * sms and e-mail are shown but cannot be registered here, so their cards are disabled, which the
 * kernel's ChoiceList cannot do for one choice (it disables the whole list).
 */
export function TypeStep({ type, vendorAccessName, onChange, firstRef }: TypeStepProps) {
  const id = useId();
  // The types that can be registered first, those that cannot after them (in the table's order).
  const types = [
    ...CREDENTIAL_TYPES.filter((info) => !info.registrationDisabled),
    ...CREDENTIAL_TYPES.filter((info) => info.registrationDisabled),
  ];
  const firstEnabled = types[0]?.type;
  return (
    <fieldset className="portal-choice-list portal-register__types">
      <legend className="portal-choice-list__legend">{messages.registration.chooseType}</legend>
      <div className="portal-choice-list__cards">
        {types.map((info) => {
          const titleId = `${id}-${info.type}-title`;
          const descriptionId = `${id}-${info.type}-description`;
          return (
            <label key={info.type} className="portal-choice">
              <input
                ref={info.type === firstEnabled ? firstRef : undefined}
                className="portal-choice__input"
                type="radio"
                name="credential-type"
                value={info.type}
                checked={type === info.type}
                disabled={info.registrationDisabled}
                aria-labelledby={titleId}
                aria-describedby={info.registrationDisabled ? descriptionId : undefined}
                onChange={() => onChange(info.type)}
              />
              <FactorIcon name={ICONS[info.type]} className="portal-choice__icon" />
              <span className="portal-choice__text">
                <span id={titleId} className="portal-choice__title">
                  {info.registrationName(vendorAccessName)}
                </span>
                {info.registrationDisabled ? (
                  <span id={descriptionId} className="portal-choice__description">
                    <span className="portal-register__line">{messages.registration.notAvailableHere}</span>
                    <LegalNotice type={info.type} inline />
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
