import { routeWith } from '@portal/shared/test-support/contributions';
import factors from '../src/contributions';

/**
 * The tests that import this route replies with remote-factors' own contributions and the one
 * remote-login claim a factor screen leads to, written here (a remote never imports another).
 */
routeWith({
  remote_login: { version: 1, routes: [], nextActions: [{ action: 'PASSWORD_AUTH', path: '/verify' }] },
  remote_factors: factors,
});
