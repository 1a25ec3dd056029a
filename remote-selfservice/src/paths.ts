/**
 * remote-selfservice's own addresses (spec section 2): the welcome page, self-service and the
 * registration of each credential type. Its screens navigate with these names and its
 * contributions (contributions.ts) claim them, so each is spelled in exactly one place. Other
 * remotes' addresses are plain strings; the shell's own ('/') come from the kernel.
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
  welcome: '/welcome',
  selfService: '/self-service',
  register: '/register',
  registerType: (type: RegistrationType) => `/register/${type}` as const,
} as const;
