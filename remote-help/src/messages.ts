/**
 * remote-help's catalogue (en_US): the words of the help and legal pages and of their links in the
 * shell's footer, copied to the letter from the spec (sections 2 and 5). The pages' bodies are
 * business-editable content files (`content/`); only what the code names is here.
 */
export const messages = {
  help: {
    title: 'Login Assistance',
    /** Our wording: the title of the cookie pages. */
    cookieNotice: 'Cookie Notice',
    clientHours: 'Client support hours: Sunday 8 pm to Friday 8 pm Eastern.',
    employeeHours: 'Employee support hours: 24/7.',
    clientRegions: ['Asia Pacific Toll Free', 'Asia Pacific', 'Europe', 'US Toll Free', 'US'],
    employeeRegions: ['Asia Pacific', 'Europe', 'US Toll Free'],
    copyToClipboard: 'Copy to Clipboard',
    copied: 'Copied!',
  },
  about: {
    title: 'About the Authentication Hub',
    body: 'The Authentication Hub offers increased security and passwordless authentication.',
  },
  smsTerms: {
    title: 'SMS Terms of Service',
  },
  /** The labels of this remote's links in the shell's footer. */
  footer: {
    cookies: 'Cookie Policy',
    smsTerms: 'SMS Terms of Service',
    loginAssistance: 'Login Assistance',
  },
} as const;
