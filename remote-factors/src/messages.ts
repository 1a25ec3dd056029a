import { type CatalogueSource, defineWords, icu, SOURCE_LOCALE } from '@portal/shared/words';

/**
 * The source catalogue (en-US, ICU) of remote-factors: the words of the factor screens (spec sections 2, 4, 5
 * and 8), to the letter, grouped by the screen that shows them, in the style of the kernel's
 * catalogue (`@portal/shared/messages/en_US`, which keeps the shell's and the primitives' words).
 * Messages with arguments are ICU
 * (`icu<{ … }>`), so every caller is type-checked against their arguments.
 */
export const catalogueSource = {
  common: {
    submit: 'Submit',
    next: 'Next',
    select: 'Select',
    resend: 'Resend',
    moreOptions: 'More Options',
    sendCode: 'Send Code',
    continue: 'Continue',
  },
  push: {
    sending: 'Sending push notification . . .',
    accept: icu<{ device: string }>('Accept push request on your {device} to login.'),
    denied: 'Transaction denied',
    failed: 'Transaction failed',
    timedOut: 'Transaction timed out',
    failedUnexpectedly: 'Transaction failed unexpectedly',
    registrationFailed: 'Unable to complete registration at this time. ',
    /**
     * Our wording (issue 27, number matching): the number the SSO's push reply carries, shown large,
     * and what to do with it; the sign-in's context when the SSO gives it.
     */
    numberLabel: 'Your number',
    numberInstruction: icu<{ number: string }>(
      'Pick or type {number} in the app to approve. Never approve a request you did not start.',
    ),
    contextTitle: 'Sign-in request',
    contextApplication: 'Application',
    contextLocation: 'Location',
  },
  chooser: {
    /** Our wording: an option of the chooser, its value and its type ('+1 ***-***-0101 (SMS)'). */
    optionLabel: icu<{ value: string; type: string }>('{value} ({type})'),
    prompt: 'Select a way to sign in',
  },
  otp: {
    enterSecurityCode: icu<{ value: string }>('Enter security code sent to {value}'),
    /**
     * Our wording (issue 44; the spec names only the Resend button): what Resend did, shown and
     * announced once the new code is on its way.
     */
    codeResent: icu<{ value: string }>('A new code was sent to {value}.'),
    invalidAction: icu<{ action: string }>('Invalid action {action}'),
  },
  mobileOtp: {
    scanToRegister: icu<{ value: string }>(
      'Scan the QR code with your mobile authenticator & enter security code to register {value}',
    ),
    codeLabel: 'Security code',
  },
  securid: {
    prompt: 'Enter your pin and passcode',
    passcodeRequired: 'Passcode (PIN + Token) is required.',
    invalidCharacter: 'Invalid character. Only numbers are accepted as input.',
    invalidPinCode: 'Invalid pin+code entered',
    systemError: 'System error',
  },
  factorSelection: {
    heading: 'Factor Selection',
    prompt: 'Select an authentication method',
    rememberChoice: 'Remember my choice',
    rememberChoiceTooltip:
      'The selected authentication factor will be saved for future logins with your account.',
    notRecognizedAction: icu<{ action: string }>(
      '{action} is not a recognized action. Please select a different factor',
    ),
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
    errorVerifying: 'Error verifying your credential',
    errorProcessing: 'Error processing data from server',
    /** Our wording: the browser prompt was cancelled or timed out (NotAllowedError). */
    promptCancelled: 'The request was cancelled or timed out. Try again or choose another way to sign in.',
    tryAgain: 'Try again',
  },
  /** Words of enrolment during sign-in that are the self-service registration's too. */
  registration: {
    valueLabels: {
      sms: 'Phone number with country code',
      email: 'Email address',
      totp_push: 'Credential name',
    },
    credentialIdLabel: 'Credential ID',
    valueRequired: 'A value is required.',
    credentialIdRequired: 'A credential ID is required.',
    ratesNotice: 'Message and data rates may apply.',
    frequencyNotice: 'Message frequency varies.',
    totpTitle: 'Mobile OTP registration',
    qrLabel: 'QR code for your mobile authenticator',
    pushTitle: 'Push registration',
    unableToRegister: 'Unable to register, please try again.',
    unexpectedError: icu<{ detail: string }>('Unexpected Error: {detail}'),
  },
  /**
   * Enrolment during sign-in (a step the user has no credential for). Our wording: the spec
   * gives only the mobile authenticator's sentence (mobileOtp.scanToRegister) and the push
   * registration failure (push.registrationFailed).
   */
  enrolment: {
    titles: {
      sms: 'SMS registration',
      email: 'Email registration',
      ivr: 'Voice call registration',
    },
    intro: {
      sms: 'Your account needs a phone number for security codes by text message. Enter it to continue signing in.',
      email: 'Your account needs an e-mail address for security codes. Enter it to continue signing in.',
      ivr: 'Your account needs a phone number for security codes by voice call. Enter it to continue signing in.',
    },
    phoneHint: 'Start with the country code, for example +1 555 010 0123.',
    changeValue: {
      sms: 'Change phone number',
      email: 'Change e-mail address',
      ivr: 'Change phone number',
    },
    totpPreparing: 'Preparing your authenticator registration . . .',
    secretIntro: 'Cannot scan the QR code? Enter this setup key in your authenticator app:',
    secretLabel: 'Setup key',
    pushIntro:
      'Install the vendor authenticator app on your phone and open it. Enter the Credential ID the app shows and a name for this phone.',
    pushCredentialIdHint: 'Four letters and eight digits, for example VSMT12345678.',
    pushRegister: 'Register',
    pushWaiting: icu<{ device: string }>('Approve the registration request on your {device} to continue.'),
    tryAgain: 'Try again',
  },
  errors: {
    /** Default error banner text. */
    default: 'Unable to handle the request. Please try again later.',
  },
  /**
   * Labels of the factor codes this remote offers on factor selection (its contributions). The
   * spec does not word them.
   */
  factorLabels: {
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
    /** Ours (issue 22), not the spec's. */
    RECOVERYCODE: 'Recovery code',
  },
  /**
   * Our wording (issue 44): the line under each factor's label on its factor selection card. The
   * spec does not word them.
   */
  factorDescriptions: {
    SMSOTP: 'Get a code by text message.',
    EMAILOTP: 'Get a code by email.',
    IVROTP: 'Get a code in an automated phone call.',
    OTP: 'Get a code sent to one of your contacts.',
    MOBILEOTP: 'Enter the code your authenticator app shows.',
    PUSH: 'Approve a request in the app on your phone.',
    FIDO: 'Use your fingerprint or face on this device.',
    SECURITYKEY: 'Use your USB or NFC security key.',
    PASSKEY: 'Use a passkey saved on this device or your phone.',
    CUSTOM: 'Enter your PIN and the code on your token.',
    RECOVERYCODE: 'Use one of the recovery codes you saved.',
  },
  /**
   * Our wording (issue 44): the visible titles of the related factors' groups on factor selection
   * (spec section 4, Related factor grouping), and of the factors shown after them in no group.
   */
  factorGroups: {
    otp: 'A code sent to you',
    mobile: 'The app on your phone',
    fido: 'This device or a security key',
    other: 'Other ways',
  },
  /** Our wording (issue 22): the recovery-code factor is not in the spec. */
  recoveryCode: {
    title: 'Recovery code',
    prompt: 'Enter one of your recovery codes',
    hint: 'Each code works once. Spaces and hyphens do not matter.',
    required: 'Enter a recovery code.',
    format: 'A recovery code has 10 letters and digits.',
    invalid: 'That recovery code is not valid or has already been used.',
    locked: 'Too many wrong recovery codes. Try again later or contact the help desk.',
  },
  /** Display names of the credential types (spec section 3, Credential types). */
  credentialTypes: {
    sms: 'SMS',
    email: 'Email',
    fido: 'Biometric',
    securitykey: 'Security key',
    passkey: 'Passkey',
    totp: 'Mobile OTP',
    totp_push: 'Vendor push and OTP credential',
  },
  /** Inline message replacements for factor codes (spec section 4, Factor selection). */
  inlineFactorNames: {
    FIDO: 'biometrics',
    SECURITYKEY: 'security key',
    PASSKEY: 'passkey',
  },
} as const satisfies CatalogueSource;

/**
 * The words in the active locale: the source above in en-US, else the locale's catalogue,
 * precompiled at build time (`lang/<locale>.json` → `compiled-lang/`) and loaded as a chunk of
 * this build for the active locale only. en-US's compiled catalogue (the source's messages that
 * need a parser, if any) is bundled here: a page in the source locale loads no catalogue.
 */
export const messages = defineWords('remote_factors', catalogueSource, (locale) =>
  locale === SOURCE_LOCALE
    ? import(
        /* webpackMode: "eager", webpackInclude: /[\\/]en-US\.json$/ */ `../compiled-lang/${locale}.json`
      )
    : import(
        /* webpackChunkName: "catalogue-[request]", webpackExclude: /[\\/]en-US\.json$/ */ `../compiled-lang/${locale}.json`
      ),
);
