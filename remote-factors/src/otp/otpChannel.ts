import { messages } from '../messages';
import { paths } from '../paths';

/** The three one-time-code screens: which credential type each generates for, and its title. */
export const OTP_CHANNELS = {
  [paths.sotp]: {
    credType: 'sms',
    get title() {
      return messages.factorLabels.SMSOTP;
    },
  },
  [paths.eotp]: {
    credType: 'email',
    get title() {
      return messages.factorLabels.EMAILOTP;
    },
  },
  [paths.votp]: {
    credType: 'ivr',
    get title() {
      return messages.factorLabels.IVROTP;
    },
  },
} as const;

export type OtpChannel = (typeof OTP_CHANNELS)[keyof typeof OTP_CHANNELS];

export function otpChannelFor(pathname: string): OtpChannel {
  const key = pathname.replace(/\/+$/, '') as keyof typeof OTP_CHANNELS;
  return Object.hasOwn(OTP_CHANNELS, key) ? OTP_CHANNELS[key] : OTP_CHANNELS[paths.sotp];
}

/** OTP generate must answer the upper-cased credType plus '_OTP_AUTH' (spec section 4, OTP). */
export function expectedOtpAction(credType: string): string {
  return `${credType.toUpperCase()}_OTP_AUTH`;
}
