import type { MergedContributions } from '@portal/contributions/merge';

/**
 * Next-action claims as live remotes would contribute them, written here (the kernel never imports
 * a remote): the dispatcher's tests route with these, the way the portal routes with the merged
 * contributions of the page's start-up data.
 */
const fido = (credType: string, path: string) => [
  { action: `${credType}_AUTH_GENERATE_CHALLENGE`, path, state: { fidoCredType: credType, mode: 'login' } },
  {
    action: `${credType}_REGISTER_GENERATE_CHALLENGE`,
    path,
    state: { fidoCredType: credType, mode: 'register' },
  },
];
const otp = (channel: string, path: string) => [
  { action: `${channel}_OTP_REGISTER`, path },
  { action: `${channel}_OTP_SELECTION`, path },
  { action: `${channel}_OTP_AUTH`, stay: true as const },
];

export const testContributions: MergedContributions = {
  version: 1,
  routes: [],
  nextActions: [
    ...[
      { action: 'PASSWORD_AUTH', path: '/verify' },
      { action: 'CHANGE_PASSWORD', path: '/changePassword' },
      { action: 'IDP_AUTH', path: '/idp' },
    ].map((claim) => ({ ...claim, remote: 'remote_login' })),
    ...[
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
      { action: 'RECOVERY_*', path: '/recovery' },
    ].map((claim) => ({ ...claim, remote: 'remote_factors' })),
  ],
  factors: [],
  links: [],
  calls: [],
};

export const testClaims = testContributions.nextActions;
