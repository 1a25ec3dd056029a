import { routeWith } from '@portal/shared/test-support/contributions';
import login from '../src/contributions';

/**
 * The tests that import this route replies with remote-login's own contributions and the
 * remote-factors claims the sign-in screens lead to, written here (a remote never imports another).
 */
routeWith({
  remote_login: login,
  remote_factors: {
    version: 1,
    routes: [],
    nextActions: [
      { action: 'FACTOR_SELECTION', path: '/factorselection' },
      { action: 'SMS_OTP_SELECTION', path: '/sotp' },
      { action: 'SMS_OTP_AUTH', stay: true },
      { action: 'EMAIL_OTP_SELECTION', path: '/eotp' },
      { action: 'PUSH_SELECTION', path: '/push' },
      { action: 'MOBILEOTP_AUTH', path: '/motp' },
      { action: 'CUSTOM_AUTH', when: { additional: 'customFlowId', equals: 'securid' }, path: '/securid' },
      {
        action: 'FIDO_AUTH_GENERATE_CHALLENGE',
        path: '/fido',
        state: { fidoCredType: 'FIDO', mode: 'login' },
      },
      {
        action: 'PASSKEY_AUTH_GENERATE_CHALLENGE',
        path: '/passkey',
        state: { fidoCredType: 'PASSKEY', mode: 'login' },
      },
    ],
  },
});
