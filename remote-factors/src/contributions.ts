import { defineContributions } from '@portal/contributions/schema';
import { messages } from '@portal/shared/words';

/**
 * What remote-factors adds to the portal (docs/contracts.md, "Contributions"): its screens, the
 * next actions that open them, and the factors it can offer on factor selection. The build writes
 * this into the remote's manifest; the host builds its router and next-action dispatch from it.
 */
const { factorLabels: label } = messages;
const afterFactor = ['/welcome'];

const fido = (credType: 'FIDO' | 'SECURITYKEY' | 'PASSKEY', path: string) => [
  { action: `${credType}_AUTH_GENERATE_CHALLENGE`, path, state: { fidoCredType: credType, mode: 'login' } },
  {
    action: `${credType}_REGISTER_GENERATE_CHALLENGE`,
    path,
    state: { fidoCredType: credType, mode: 'register' },
  },
];

/** SMS, e-mail and voice-call one-time codes: REGISTER and SELECTION open the screen, AUTH stays. */
const otp = (channel: 'SMS' | 'EMAIL' | 'IVR', path: string) => [
  { action: `${channel}_OTP_REGISTER`, path },
  { action: `${channel}_OTP_SELECTION`, path },
  { action: `${channel}_OTP_AUTH`, stay: true as const },
];

export default defineContributions({
  version: 1,
  routes: [
    { path: '/sotp', guard: 'C', expose: './Otp', title: label.SMSOTP, likelyNext: afterFactor },
    { path: '/eotp', guard: 'C', expose: './Otp', title: label.EMAILOTP, likelyNext: afterFactor },
    { path: '/votp', guard: 'C', expose: './Otp', title: label.IVROTP, likelyNext: afterFactor },
    { path: '/motp', guard: 'C', expose: './MobileOtp', title: label.MOBILEOTP, likelyNext: afterFactor },
    { path: '/push', guard: 'C', expose: './Push', title: label.PUSH, likelyNext: afterFactor },
    { path: '/securid', guard: 'C', expose: './TokenCode', title: label.CUSTOM, likelyNext: afterFactor },
    { path: '/fido', guard: 'C', expose: './Fido', title: messages.fido.loginTitle, likelyNext: afterFactor },
    {
      path: '/security-key',
      guard: 'C',
      expose: './Fido',
      title: messages.fido.loginTitle,
      likelyNext: afterFactor,
    },
    {
      path: '/passkey',
      guard: 'C',
      expose: './Fido',
      title: messages.fido.loginTitle,
      likelyNext: afterFactor,
    },
    {
      path: '/factorselection',
      guard: 'C',
      expose: './FactorSelection',
      title: messages.factorSelection.heading,
    },
  ],
  nextActions: [
    ...otp('SMS', '/sotp'),
    ...otp('EMAIL', '/eotp'),
    ...otp('IVR', '/votp'),
    ...fido('FIDO', '/fido'),
    ...fido('SECURITYKEY', '/security-key'),
    ...fido('PASSKEY', '/passkey'),
    { action: 'MOBILEOTP_REGISTER', path: '/motp' },
    { action: 'MOBILEOTP_AUTH', path: '/motp' },
    { action: 'PUSH_REGISTRATION_INITIATOR', path: '/push' },
    { action: 'PUSH_REGISTRATION_STATUS', path: '/push' },
    { action: 'PUSH_SELECTION', path: '/push' },
    { action: 'FACTOR_SELECTION', path: '/factorselection' },
    { action: 'CUSTOM_AUTH', when: { additional: 'customFlowId', equals: 'securid' }, path: '/securid' },
  ],
  factors: [
    { code: 'SMSOTP', label: label.SMSOTP, group: 'otp' },
    { code: 'EMAILOTP', label: label.EMAILOTP, group: 'otp' },
    { code: 'IVROTP', label: label.IVROTP },
    { code: 'OTP', label: label.OTP },
    { code: 'MOBILEOTP', label: label.MOBILEOTP, group: 'mobile' },
    { code: 'PUSH', label: label.PUSH, group: 'mobile' },
    { code: 'FIDO', label: label.FIDO, group: 'fido' },
    { code: 'SECURITYKEY', label: label.SECURITYKEY, group: 'fido' },
    { code: 'PASSKEY', label: label.PASSKEY, group: 'fido' },
    { code: 'CUSTOM', label: label.CUSTOM },
  ],
});
