import { messages } from '../messages';
import { emailAddressError, phoneNumberError } from '@portal/shared/ui/codes';

/** The one-time-code channels a user can enrol during sign-in. */
export type ContactChannel = 'sms' | 'email' | 'ivr';

export function isContactChannel(credType: string): credType is ContactChannel {
  return credType === 'sms' || credType === 'email' || credType === 'ivr';
}

/** What the enrolment form asks for, per channel: a phone number (sms, voice) or an address. */
export interface ContactField {
  label: string;
  inputType: 'tel' | 'email';
  autoComplete: string;
  hint?: string;
  /** The message for a value that cannot be registered, or undefined. */
  check: (value: string) => string | undefined;
  /** The message-rate and frequency notice of spec section 2 (Registration): sms and e-mail only. */
  legalNotice: boolean;
}

/** The phone number field (sms, voice); its words are read when shown (getters), never copied. */
const phone = (legalNotice: boolean): ContactField => ({
  get label() {
    return messages.registration.valueLabels.sms;
  },
  inputType: 'tel',
  autoComplete: 'tel',
  get hint() {
    return messages.enrolment.phoneHint;
  },
  check: phoneNumberError,
  legalNotice,
});

export const CONTACT_FIELDS: Readonly<Record<ContactChannel, ContactField>> = {
  sms: phone(true),
  ivr: phone(false),
  email: {
    get label() {
      return messages.registration.valueLabels.email;
    },
    inputType: 'email',
    autoComplete: 'email',
    check: emailAddressError,
    legalNotice: true,
  },
};
