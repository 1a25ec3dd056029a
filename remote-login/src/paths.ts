/**
 * The addresses remote-login serves (its contributions' routes), spelled once. Addresses of other
 * remotes are written as plain strings where they are linked ('/help'), never imported.
 */
export const paths = {
  home: '/',
  homeAlias: '/home',
  direct: '/direct',
  oauth2: '/oauth2',
  verify: '/verify',
  changePassword: '/changePassword',
  idp: '/idp',
  idpComplete: '/idpComplete',
  signedOut: '/signed-out',
  restartRequired: '/restartRequired',
  denied: '/denied',
} as const;
