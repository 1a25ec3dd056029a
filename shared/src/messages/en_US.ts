import { defineWords } from '../i18n/catalogues';
import { type CatalogueSource, icu, type Words } from '../i18n/icu';
import { SOURCE_LOCALE } from '../i18n/locales';

/**
 * The one source catalogue (en-US, ICU): every user-visible string of the spec (sections 2, 5 and 8), to the
 * letter, grouped by the screen or area that shows it. Messages with arguments are ICU
 * (`icu<{ … }>`), so every caller is type-checked against their arguments.
 */
export const catalogueSource = {
  shell: {
    /** Our choice: the spec does not name the product. */
    productName: 'Authentication Hub',
    user: icu<{ name: string }>('User {name}'),
    notUser: icu<{ name: string }>('Not {name}?'),
    logout: 'Log out',
    /** Our wording: the skip link, the first thing a keyboard reaches. */
    skipToContent: 'Skip to content',
    /** Our wording: the language picker in the footer. */
    language: 'Language',
    pageNotFound: 'Page Not Found',
    goHome: 'Go to the home page',
    retry: 'Retry',
    loading: 'Loading',
    /** Our wording (WCAG 2.4.2): a page's title names its screen first. */
    documentTitle: icu<{ screen: string }>('{screen} – Authentication Hub'),
    footer: {
      label: 'Legal and help',
      privacy: 'Privacy Statement',
      cookies: 'Cookie Policy',
      terms: 'Terms of Use',
      smsTerms: 'SMS Terms of Service',
      loginAssistance: 'Login Assistance',
      copyright: icu<{ year: number }>('© {year} Authentication Hub. All rights reserved.'),
    },
  },
  /**
   * Our wording: a screen that waits on a call says so after a second (ui/BusyIndicator). Not
   * in `messages` (the kernel's words API keeps its type, so the kernel takes a minor step).
   */
  busy: {
    pleaseWait: 'Please wait…',
  },
  common: {
    submit: 'Submit',
    next: 'Next',
    back: 'Back',
    select: 'Select',
    resend: 'Resend',
    cancel: 'Cancel',
    yes: 'Yes',
    close: 'Close',
    moreOptions: 'More Options',
    moreInfo: 'More Info',
    sendCode: 'Send Code',
    continue: 'Continue',
  },
  otp: {
    enterSecurityCode: icu<{ value: string }>('Enter security code sent to {value}'),
    invalidCharacter: 'Invalid character. Only numbers are accepted as input.',
    securityCodeLength: icu<{ n: number }>('Security code must be {n} digits long.'),
    invalidAction: icu<{ action: string }>('Invalid action {action}'),
    digitLabel: icu<{ position: number; total: number }>('Digit {position} of {total}'),
    groupLabel: 'Security code',
  },
  fido: {
    loginTitle: 'FIDO Device Authentication',
    registrationTitle: 'FIDO Device Registration',
    userInputRequired: 'User input required to begin',
    clickNext: "Click 'Next' to continue",
    validateBiometric: 'Validate your biometric',
    validateSecurityKey: 'Validate your security key',
    validatePasskey: 'Validate your passkey',
    popupDelay: 'It may take a few moments for the pop-up to appear',
    errorInData: 'Error in data from server',
    errorVerifying: 'Error verifying your credential',
    errorProcessing: 'Error processing data from server',
    /** Our wording: the browser prompt was cancelled or timed out (NotAllowedError). */
    promptCancelled: 'The request was cancelled or timed out. Try again or choose another way to sign in.',
    tryAgain: 'Try again',
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
  selfService: {
    title: 'Manage Credentials',
    added: icu<{ date: Date }>('Added {date, date, long}'),
    deleteCredentialOfType: icu<{ type: string }>('Do you want to delete the credential of type {type}?'),
    deleteAllConfirm: 'All your credentials will be deleted. Are you sure?',
    unableToRegister: 'Unable to register, please try again.',
    unexpectedError: icu<{ detail: string }>('Unexpected Error: {detail}'),
    /** Our wording from here on in this group: the spec names the actions, not their labels. */
    newCredAdded: 'A new credential was added.',
    listLabel: 'Your credentials',
    noCredentials: 'You have no registered credentials.',
    register: 'Register a new credential',
    deleteAll: 'Delete all credentials',
    clearDefaults: 'Clear default credentials',
    activate: 'Activate',
    deactivate: 'Deactivate',
    delete: 'Delete',
    makeDefault: 'Make default',
    statusActive: 'Active',
    statusInactive: 'Inactive',
    isDefault: 'Default',
    confirmTitle: 'Please confirm',
    credentialDeleted: 'Credential deleted',
    /** A credential's button, named with the credential it acts on ('Delete Email a@b.c'). */
    credentialAction: icu<{ action: string; typeName: string; value: string }>('{action} {typeName} {value}'),
    /** The same, for a credential without a value. */
    credentialActionOfType: icu<{ action: string; typeName: string }>('{action} {typeName}'),
  },
  registration: {
    totpName: 'Code from Mobile Authenticator',
    /** Our wording from here on in this group. */
    title: 'Register a credential',
    chooseType: 'Choose a credential type',
    enterValue: icu<{ typeName: string }>('Register: {typeName}'),
    notAvailableHere: 'Not available here',
    valueLabels: {
      sms: 'Phone number with country code',
      email: 'Email address',
      fido: 'Device name',
      securitykey: 'Security key name',
      passkey: 'Passkey name',
      totp: 'Authenticator name',
      totp_push: 'Credential name',
    },
    credentialIdLabel: 'Credential ID',
    valueRequired: 'A value is required.',
    emailInvalid: 'Enter a valid e-mail address.',
    smsTooShort: icu<{ min: number }>(
      'Enter the phone number with its country code (at least {min} characters).',
    ),
    credentialIdRequired: 'A credential ID is required.',
    ratesNotice: 'Message and data rates may apply.',
    frequencyNotice: 'Message frequency varies.',
    verifyTitle: 'Verify your credential',
    totpTitle: 'Mobile OTP registration',
    qrLabel: 'QR code for your mobile authenticator',
    alreadyRegistered: 'This authenticator is already registered',
    pushTitle: 'Push registration',
    pushRegistering: 'Registering your credential . . .',
    missingData: 'The registration data is missing. Please start the registration again.',
    backToSelfService: 'Back to Manage Credentials',
  },
  endPages: {
    accessDenied: 'Access Denied',
    logoutSuccessful: 'Logout Successful',
    logInAgain: 'Log in again',
    unrecoverable: 'Unrecoverable error. Please restart login or try again later.',
    clickToRetry: 'Click to retry login',
    deniedHelp: 'You do not have access. If you think this is a mistake, contact Login Assistance.',
    /** Our wording: the spec only says that 10 idle minutes log out. */
    signedOutIdle: 'You were signed out because you were inactive for 10 minutes.',
  },
  /** Our wording (WCAG 2.2.1): the warning before the idle logout. */
  idleWarning: {
    title: 'Are you still there?',
    timeLeft: icu<{ time: string }>('For your security, you will be signed out in {time}.'),
    staySignedIn: 'Stay signed in',
  },
  assistance: {
    title: 'Login Assistance Information',
    instructions: 'If you need help logging in, copy the information below and send it to the help desk.',
    timestamp: 'Timestamp',
    transactionId: 'Client Transaction ID',
    user: 'User',
    copyToClipboard: 'Copy to Clipboard',
    close: 'Close',
  },
  errors: {
    /** Default error banner text. */
    default: 'Unable to handle the request. Please try again later.',
    userNotFound: 'User not found',
    userDisabled: 'The user is disabled',
    unknownAuthentication: 'Unknown authentication error',
    unexpectedTryAgain: 'Unexpected error, please try again.',
    unableToReach: icu<{ service: string }>('unable to reach {service}'),
    resettingUser: 'Error resetting user',
    responseNull: 'Server error, response is null',
    invalidRiskType: icu<{ riskType: string }>('Invalid risk type {riskType}. Using default.'),
    /** Our wording for a reply that is not the shape the spec describes. */
    malformedReply: 'The server sent a reply the portal cannot read.',
    network: 'The server could not be reached.',
  },
  /**
   * Labels of the factor codes on the factor selection screen. The spec does not word them; a
   * code without a label here (or in customFactorOptions) is dropped from the list.
   */
  factorLabels: {
    PASSWORD: 'Password',
    SMSOTP: 'Text message (SMS)',
    EMAILOTP: 'Email',
    IVROTP: 'Voice call',
    OTP: 'Security code',
    MOBILEOTP: 'Mobile Authenticator',
    PUSH: 'Push notification',
    FIDO: 'Biometric',
    SECURITYKEY: 'Security key',
    PASSKEY: 'Passkey',
    CUSTOM: 'PIN and passcode',
    IDP: 'Identity Provider',
  },
  /** Inline message replacements for factor codes (spec section 4, Factor selection). */
  inlineFactorNames: {
    FIDO: 'biometrics',
    SECURITYKEY: 'security key',
    PASSKEY: 'passkey',
  },
  /** The redirect helper of the error handling (spec section 9, 3000 ms; our wording). */
  redirect: {
    notice: icu<{ place: string; seconds: number }>(
      'You will be taken to {place} in {seconds, plural, one {# second} other {# seconds}}.',
    ),
    goNow: 'Go now',
    stay: 'Stay on this page',
    homePage: 'the home page',
  },
  /**
   * Our wording: index.html's own words that no script shows (its <noscript>). The host build
   * writes each locale's into first-load.json's documentWords and the portal server puts the
   * page's locale's into the page; they are not part of `messages`.
   */
  document: {
    noScript: 'This sign-in portal needs JavaScript.',
  },
} as const satisfies CatalogueSource;

/** The messages scripts show: every group but `document`. */
const { document: _documentWords, ...kernelScriptWords } = catalogueSource;
/** What `messages` holds: every group scripts show but the kernel's own `busy`. */
const { busy: _busyWords, ...scriptWords } = kernelScriptWords;

/**
 * The words in the active locale: the source above in en-US, else the locale's catalogue,
 * precompiled at build time (`lang/<locale>.json` → `compiled-lang/`) and loaded as a chunk of
 * this build for the active locale only. en-US's compiled catalogue (only the source's messages
 * with plurals, since the browser has no message parser) is bundled with this module: a page in the
 * source locale asks the network for no catalogue.
 */
const kernelWords = defineWords('kernel', kernelScriptWords, (locale) =>
  locale === SOURCE_LOCALE
    ? import(
        /* webpackMode: "eager", webpackInclude: /[\\/]en-US\.json$/ */ `../../compiled-lang/${locale}.json`
      )
    : import(
        /* webpackChunkName: "kernel-catalogue-[request]", webpackExclude: /[\\/]en-US\.json$/ */ `../../compiled-lang/${locale}.json`
      ),
);

/** The kernel's words that remotes read (the `words` entry's `messages`). */
export const messages: Words<typeof scriptWords> = kernelWords;

/** The kernel's own words for its busy indicator (ui/BusyIndicator), read only inside the kernel. */
export const busyWords = kernelWords.busy;
