/** The addresses remote-help serves (its contributions' routes and footer links), spelled once. */
export const paths = {
  help: '/help',
  cookies: '/cookies',
  aboutAuthHub: '/aboutAuthHub',
  smsTerms: '/sms-terms-of-service',
} as const;
