/**
 * Every route path of spec section 2. Screens navigate with these names; the host's route
 * table is built from them, so a path is spelled in exactly one place.
 */
export const registrationTypes = [
  'sms',
  'email',
  'totp',
  'fido',
  'securitykey',
  'passkey',
  'totp_push',
] as const;
export type RegistrationType = (typeof registrationTypes)[number];

export const paths = {
  home: '/',
  homeAlias: '/home',
  direct: '/direct',
  oauth2: '/oauth2',
  verify: '/verify',
  sotp: '/sotp',
  eotp: '/eotp',
  votp: '/votp',
  motp: '/motp',
  push: '/push',
  securid: '/securid',
  fido: '/fido',
  securityKey: '/security-key',
  passkey: '/passkey',
  factorSelection: '/factorselection',
  changePassword: '/changePassword',
  idp: '/idp',
  idpComplete: '/idpComplete',
  welcome: '/welcome',
  selfService: '/self-service',
  register: '/register',
  registerType: (type: RegistrationType) => `/register/${type}` as const,
  denied: '/denied',
  help: '/help',
  cookies: '/cookies',
  emeaCookies: '/emea-cookies',
  aboutAuthHub: '/aboutAuthHub',
  signedOut: '/signed-out',
  restartRequired: '/restartRequired',
  smsTerms: '/sms-terms-of-service',
  /** The catch-all route pattern ('Page Not Found') for the route table. */
  wildcard: '*',
  /**
   * An address no route claims, so the wildcard route renders: the navigation target for a null
   * server reply (navigating to '*' itself would be resolved relative to the current route).
   */
  notFound: '/not-found',
} as const;

/** A path the sign-in flow can navigate to (everything but the registerType builder). */
export type PortalPath = Exclude<(typeof paths)[keyof typeof paths], (type: RegistrationType) => string>;
