import { defineContributions } from '@portal/contributions/schema';
import { messages } from '@portal/shared/words';

/**
 * What remote-login adds to the portal (docs/contracts.md, "Contributions"): the sign-in screens,
 * the end pages the kernel sends users to (/signed-out, /restartRequired, /denied), the next
 * actions that open its screens and the factors it offers on factor selection.
 */
const { endPages } = messages;
const afterUserId = ['/verify', '/sotp', '/factorselection'];

export default defineContributions({
  version: 1,
  routes: [
    { path: '/', guard: 'A', expose: './Landing', title: messages.landing.title, likelyNext: ['/direct'] },
    {
      path: '/home',
      guard: 'A',
      expose: './Landing',
      title: messages.landing.title,
      likelyNext: ['/direct'],
    },
    {
      path: '/direct',
      guard: 'A',
      expose: './UserId',
      title: messages.userId.title,
      startsLogin: true,
      likelyNext: afterUserId,
    },
    {
      path: '/oauth2',
      guard: 'A',
      expose: './UserId',
      title: messages.userId.title,
      startsLogin: true,
      likelyNext: afterUserId,
    },
    {
      path: '/verify',
      guard: 'C',
      expose: './Password',
      title: messages.password.prompt,
      likelyNext: ['/sotp', '/welcome'],
    },
    { path: '/changePassword', guard: 'C', expose: './ChangePassword', title: messages.changePassword.title },
    { path: '/idp', guard: 'C', expose: './Idp', title: messages.idp.connectingTo() },
    { path: '/idpComplete', guard: 'none', expose: './IdpComplete', title: messages.idp.connectingTo() },
    { path: '/signed-out', guard: 'none', expose: './SignedOut', title: endPages.logoutSuccessful },
    { path: '/restartRequired', guard: 'none', expose: './RestartRequired', title: endPages.unrecoverable },
    { path: '/denied', guard: 'none', expose: './Denied', title: endPages.accessDenied },
  ],
  nextActions: [
    { action: 'PASSWORD_AUTH', path: '/verify' },
    { action: 'CHANGE_PASSWORD', path: '/changePassword' },
    { action: 'IDP_AUTH', path: '/idp' },
  ],
  factors: [
    { code: 'PASSWORD', label: messages.factorLabels.PASSWORD },
    { code: 'IDP', label: messages.factorLabels.IDP },
  ],
});
