import { defineContributions } from '@portal/contributions/schema';
import type { FidoCredType } from '@portal/shared/session';
import { FIDO_SIGN_INS, fidoOpeningAction } from './fido/fidoSignIn';
import { messages } from './messages';
import { paths } from './paths';
import { recoveryCodeContributions as recoveryCode } from './recoveryCode/contributions';

/**
 * What remote-factors adds to the portal (docs/contracts.md, "Contributions"): its screens, the
 * next actions that open them, and the factors it can offer on factor selection. The build writes
 * this into the remote's manifest; the host builds its router and next-action dispatch from it.
 */
const { factorLabels: label, factorDescriptions: describe, factorGroups: groups } = messages;
const afterFactor = [paths.welcome];

/** A FIDO type's screen opens for sign-in and for inline registration (fido/fidoSignIn). */
const fido = (credType: FidoCredType, path: string) =>
  (['login', 'register'] as const).map((mode) => ({
    action: fidoOpeningAction(credType, mode),
    path,
    state: { fidoCredType: credType, mode },
  }));

/** SMS, e-mail and voice-call one-time codes: REGISTER and SELECTION open the screen, AUTH stays. */
const otp = (channel: 'SMS' | 'EMAIL' | 'IVR', path: string) => [
  { action: `${channel}_OTP_REGISTER`, path },
  { action: `${channel}_OTP_SELECTION`, path },
  { action: `${channel}_OTP_AUTH`, stay: true as const },
];

export default defineContributions({
  version: 1,
  routes: [
    { path: paths.sotp, guard: 'C', expose: './Otp', title: label.SMSOTP, likelyNext: afterFactor },
    { path: paths.eotp, guard: 'C', expose: './Otp', title: label.EMAILOTP, likelyNext: afterFactor },
    { path: paths.votp, guard: 'C', expose: './Otp', title: label.IVROTP, likelyNext: afterFactor },
    { path: paths.motp, guard: 'C', expose: './MobileOtp', title: label.MOBILEOTP, likelyNext: afterFactor },
    { path: paths.push, guard: 'C', expose: './Push', title: label.PUSH, likelyNext: afterFactor },
    { path: paths.securid, guard: 'C', expose: './TokenCode', title: label.CUSTOM, likelyNext: afterFactor },
    ...FIDO_SIGN_INS.map(({ path }) => ({
      path,
      guard: 'C' as const,
      expose: './Fido',
      title: messages.fido.loginTitle,
      likelyNext: afterFactor,
    })),
    {
      path: paths.factorSelection,
      guard: 'C',
      expose: './FactorSelection',
      title: messages.factorSelection.heading,
    },
    ...recoveryCode.routes,
  ],
  nextActions: [
    ...otp('SMS', paths.sotp),
    ...otp('EMAIL', paths.eotp),
    ...otp('IVR', paths.votp),
    ...FIDO_SIGN_INS.flatMap(({ credType, path }) => fido(credType, path)),
    { action: 'MOBILEOTP_REGISTER', path: paths.motp },
    { action: 'MOBILEOTP_AUTH', path: paths.motp },
    { action: 'PUSH_REGISTRATION_INITIATOR', path: paths.push },
    { action: 'PUSH_REGISTRATION_STATUS', path: paths.push },
    { action: 'PUSH_SELECTION', path: paths.push },
    { action: 'FACTOR_SELECTION', path: paths.factorSelection },
    { action: 'CUSTOM_AUTH', when: { additional: 'customFlowId', equals: 'securid' }, path: paths.securid },
    ...recoveryCode.nextActions,
  ],
  factors: [
    {
      code: 'SMSOTP',
      label: label.SMSOTP,
      group: 'otp',
      groupTitle: groups.otp,
      icon: 'message',
      description: describe.SMSOTP,
    },
    {
      code: 'EMAILOTP',
      label: label.EMAILOTP,
      group: 'otp',
      groupTitle: groups.otp,
      icon: 'email',
      description: describe.EMAILOTP,
    },
    { code: 'IVROTP', label: label.IVROTP, icon: 'phone', description: describe.IVROTP },
    { code: 'OTP', label: label.OTP, icon: 'code', description: describe.OTP },
    {
      code: 'MOBILEOTP',
      label: label.MOBILEOTP,
      group: 'mobile',
      groupTitle: groups.mobile,
      icon: 'authenticator',
      description: describe.MOBILEOTP,
    },
    {
      code: 'PUSH',
      label: label.PUSH,
      group: 'mobile',
      groupTitle: groups.mobile,
      icon: 'push',
      description: describe.PUSH,
    },
    {
      code: 'FIDO',
      label: label.FIDO,
      group: 'fido',
      groupTitle: groups.fido,
      icon: 'biometric',
      description: describe.FIDO,
    },
    {
      code: 'SECURITYKEY',
      label: label.SECURITYKEY,
      group: 'fido',
      groupTitle: groups.fido,
      icon: 'security-key',
      description: describe.SECURITYKEY,
    },
    {
      code: 'PASSKEY',
      label: label.PASSKEY,
      group: 'fido',
      groupTitle: groups.fido,
      icon: 'passkey',
      description: describe.PASSKEY,
    },
    { code: 'CUSTOM', label: label.CUSTOM, icon: 'token', description: describe.CUSTOM },
    ...recoveryCode.factors,
  ],
  calls: recoveryCode.calls,
});
