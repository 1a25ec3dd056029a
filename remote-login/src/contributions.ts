import { defineContributions } from '@portal/contributions/schema';
import { messages } from './messages';
import { paths } from './paths';

/**
 * What remote-login adds to the portal (docs/contracts.md, "Contributions"): the sign-in screens,
 * the end pages the kernel sends users to (/signed-out, /restartRequired, /denied), the next
 * actions that open its screens and the factors it offers on factor selection. Titles and labels
 * come from this remote's own catalogue; '/sotp', '/factorselection' and '/welcome' are other
 * remotes' addresses, named as plain strings.
 */
const { endPages } = messages;
const afterUserId = [paths.verify, '/sotp', '/factorselection'];

export default defineContributions({
  version: 1,
  routes: [
    {
      path: paths.home,
      guard: 'A',
      expose: './Landing',
      title: messages.landing.title,
      likelyNext: [paths.direct],
    },
    {
      path: paths.homeAlias,
      guard: 'A',
      expose: './Landing',
      title: messages.landing.title,
      likelyNext: [paths.direct],
    },
    {
      path: paths.direct,
      guard: 'A',
      expose: './UserId',
      title: messages.userId.title,
      startsLogin: true,
      likelyNext: afterUserId,
    },
    {
      path: paths.oauth2,
      guard: 'A',
      expose: './UserId',
      title: messages.userId.title,
      startsLogin: true,
      likelyNext: afterUserId,
    },
    {
      path: paths.verify,
      guard: 'C',
      expose: './Password',
      title: messages.password.prompt,
      likelyNext: ['/sotp', '/welcome'],
    },
    {
      path: paths.changePassword,
      guard: 'C',
      expose: './ChangePassword',
      title: messages.changePassword.title,
    },
    { path: paths.idp, guard: 'C', expose: './Idp', title: messages.idp.connectingToIdp },
    { path: paths.idpComplete, guard: 'none', expose: './IdpComplete', title: messages.idp.connectingToIdp },
    { path: paths.signedOut, guard: 'none', expose: './SignedOut', title: endPages.logoutSuccessful },
    {
      path: paths.restartRequired,
      guard: 'none',
      expose: './RestartRequired',
      title: endPages.unrecoverable,
    },
    { path: paths.denied, guard: 'none', expose: './Denied', title: endPages.accessDenied },
  ],
  nextActions: [
    { action: 'PASSWORD_AUTH', path: paths.verify },
    { action: 'CHANGE_PASSWORD', path: paths.changePassword },
    { action: 'IDP_AUTH', path: paths.idp },
  ],
  factors: [
    { code: 'PASSWORD', label: messages.factorLabels.PASSWORD },
    { code: 'IDP', label: messages.factorLabels.IDP },
  ],
});
