import { paths as shellPaths } from '@portal/shared/router';

/**
 * The addresses remote-factors serves (its contributions claim them) and the ones its screens
 * navigate to. The shell's well-known addresses are the kernel's; another remote's address is a
 * plain string (a remote never imports another remote).
 */
export const paths = {
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
  /** The shell's. */
  welcome: shellPaths.welcome,
  denied: shellPaths.denied,
  /** remote-login's login start, where a factor screen reached without a user goes. */
  direct: '/direct',
  oauth2: '/oauth2',
} as const;

/** An address of one of this remote's screens. */
export type FactorPath = (typeof paths)[Exclude<
  keyof typeof paths,
  'welcome' | 'denied' | 'direct' | 'oauth2'
>];
