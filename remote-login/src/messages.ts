import { type CatalogueSource, defineWords, icu, SOURCE_LOCALE } from '@portal/shared/words';

/**
 * remote-login's source catalogue (en-US, ICU): the words of the sign-in screens and the end pages, copied to
 * the letter from the spec (sections 2, 5 and 8), grouped by the screen that shows them. Messages with arguments are ICU
 * (`icu<{ … }>`), so every caller is type-checked against their arguments. The kernel's
 * own words (transport errors) stay in `@portal/shared/messages/en_US`.
 */
export const catalogueSource = {
  landing: {
    title: 'A Better Login Experience',
    intro: 'Sign in with increased security and passwordless authentication.',
    login: 'Login',
    about: 'About the Authentication Hub',
  },
  common: {
    submit: 'Submit',
    retry: 'Retry',
    moreOptions: 'More Options',
  },
  userId: {
    /** Our heading for the User ID page (the spec names only its field). */
    title: 'Sign in',
    label: 'User ID',
    rememberMe: 'Remember Me',
    rememberMeTooltip: 'Your user ID and this device will be saved for future logins.',
    authorizedOnly:
      'This system is for authorized users only. Activity on this system may be monitored and recorded.',
  },
  password: {
    prompt: 'Enter your password',
    label: 'Password',
    forgot: 'Forgot password?',
    required: 'Password is required.',
  },
  changePassword: {
    title: 'Update Password Required',
    current: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    reveal: 'Hold to show password',
    show: 'Show',
    fieldRequired: '* Field is required.',
    mustDiffer: '* New and old passwords cannot match.',
    mustMatch: '* Confirmed password does not match.',
    failed: 'Password update failed.',
  },
  idp: {
    redirecting: 'You are being sent to your identity provider to sign in.',
    connectingTo: icu<{ provider: string }>('Connecting to {provider}'),
    connectingToIdp: 'Connecting to Identity Provider',
    unexpectedResponse: 'Unexpected response from identity provider.',
    unableToParse: 'Unable to parse identity provider results.',
    missingInformation: 'Missing information from identity provider response data.',
    userNotFound: 'Unable to locate user information from IDP response.',
  },
  endPages: {
    accessDenied: 'Access Denied',
    logoutSuccessful: 'Logout Successful',
    logInAgain: 'Log in again',
    unrecoverable: 'Unrecoverable error. Please restart login or try again later.',
    clickToRetry: 'Click to retry login',
    deniedHelp: 'You do not have access. If you think this is a mistake, contact Login Assistance.',
    /** The link to the help page (remote-help's address, '/help'). */
    loginAssistance: 'Login Assistance',
    /** Our wording: the spec only says that 10 idle minutes log out. */
    signedOutIdle: 'You were signed out because you were inactive for 10 minutes.',
  },
  errors: {
    userNotFound: 'User not found',
    userDisabled: 'The user is disabled',
    unknownAuthentication: 'Unknown authentication error',
    resettingUser: 'Error resetting user',
  },
  /** Labels of the factors this remote offers on the factor selection screen. */
  factorLabels: {
    PASSWORD: 'Password',
    IDP: 'Identity Provider',
  },
} as const satisfies CatalogueSource;

/**
 * The words in the active locale: the source above in en-US, else the locale's catalogue,
 * precompiled at build time (`lang/<locale>.json` → `compiled-lang/`) and loaded as a chunk of
 * this build for the active locale only. en-US's compiled catalogue (the source's messages that
 * need a parser, if any) is bundled here: a page in the source locale loads no catalogue.
 */
export const messages = defineWords('remote_login', catalogueSource, (locale) =>
  locale === SOURCE_LOCALE
    ? import(
        /* webpackMode: "eager", webpackInclude: /[\\/]en-US\.json$/ */ `../compiled-lang/${locale}.json`
      )
    : import(
        /* webpackChunkName: "catalogue-[request]", webpackExclude: /[\\/]en-US\.json$/ */ `../compiled-lang/${locale}.json`
      ),
);
