import type { FactorIconName } from '@portal/contributions/schema';
import { ChoiceList } from '@portal/shared/ui/choices';
import type { RefObject } from 'react';
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
 * Step 1: the credential types as the kernel's choice cards; sms and e-mail are shown but cannot be
 * registered here, so their cards are disabled, after the others, saying why.
 */
export function TypeStep({ type, vendorAccessName, onChange, firstRef }: TypeStepProps) {
  // The types that can be registered first, those that cannot after them (in the table's order).
  const types = [
    ...CREDENTIAL_TYPES.filter((info) => !info.registrationDisabled),
    ...CREDENTIAL_TYPES.filter((info) => info.registrationDisabled),
  ];
  const choices = types.map((info) => ({
    value: info.type,
    title: info.registrationName(vendorAccessName),
    icon: ICONS[info.type],
    ...(info.registrationDisabled
      ? {
          disabled: true,
          description: (
            <>
              <span className="portal-register__line">{messages.registration.notAvailableHere}</span>
              <LegalNotice type={info.type} inline />
            </>
          ),
        }
      : {}),
  }));
  return (
    <div className="portal-register__types">
      <ChoiceList
        legend={messages.registration.chooseType}
        name="credential-type"
        value={type}
        onChange={(value) => onChange(value as RegistrationType)}
        groups={[{ key: 'types', choices }]}
        firstRef={firstRef}
      />
    </div>
  );
}
