import { type CatalogueSource, defineWords, icu, SOURCE_LOCALE } from '@portal/shared/words';

/**
 * remote-selfservice's catalogue: every word its screens show, grouped as in the kernel's
 * source catalogue (en-US, ICU). The spec's strings are copied from there to the letter (sections 2, 5 and 8);
 * the groups marked "our wording" are ours. Messages with arguments are ICU
 * (`icu<{ … }>`), so every caller is type-checked against their arguments. The transport's error texts stay the kernel's
 * (@portal/shared/messages/en_US, errors).
 */
export const catalogueSource = {
  common: {
    submit: 'Submit',
    next: 'Next',
    back: 'Back',
    cancel: 'Cancel',
    yes: 'Yes',
  },
  shell: {
    retry: 'Retry',
  },
  changePassword: {
    fieldRequired: '* Field is required.',
  },
  push: {
    registrationFailed: 'Unable to complete registration at this time. ',
  },
  otp: {
    enterSecurityCode: icu<{ value: string }>('Enter security code sent to {value}'),
  },
  mobileOtp: {
    scanToRegister: icu<{ value: string }>(
      'Scan the QR code with your mobile authenticator & enter security code to register {value}',
    ),
    codeLabel: 'Security code',
  },
  fido: {
    registrationTitle: 'FIDO Device Registration',
    popupDelay: 'It may take a few moments for the pop-up to appear',
  },
  welcome: {
    /** Our wording: the page's title (its heading greets the user by name). */
    title: 'Welcome',
    helloName: icu<{ name: string }>('Hello, {name}'),
    manageCredentials: 'Manage Credentials',
  },
  /** The welcome page's offer after a sign-in without a passkey or security key (our wording but the title). */
  passkeyOffer: {
    title: 'Sign in faster next time with a passkey',
    body: 'A passkey signs you in with your fingerprint, face or screen lock, without a password or a code.',
    create: 'Create a passkey',
    notNow: 'Not now',
    /** The registration's device name. */
    deviceName: 'Passkey',
    /** Our wording (issue 27): the quiet confirmation of the automatic upgrade. */
    savedTo: icu<{ provider: string }>('A passkey was saved to {provider}. Next time, sign in with it.'),
    savedToManager: 'A passkey was saved to your password manager. Next time, sign in with it.',
  },
  selfService: {
    title: 'Manage Credentials',
    added: icu<{ date: Date }>('Added {date, date, long}'),
    /** A date the portal cannot read, shown as the server sent it. */
    addedAsSent: icu<{ date: string }>('Added {date}'),
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
    /** The way back from self-service to the welcome page (issue 44), above the page's heading. */
    backToWelcome: 'Back to Welcome',
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
  /**
   * Step-up before destruction: OUR wording, not the spec's. The spec has no step-up before a
   * delete (README, "Step-up before destruction"), so it has no strings for it.
   */
  stepUp: {
    /** Under the spec's delete question, in the same dialog. */
    explanation: 'For your security, enter your password to confirm.',
    passwordLabel: 'Password',
    /** The SSO said the password is wrong (errorCode 8800011); the user may try again. */
    wrongPassword: 'That password is not correct. Please try again.',
  },
  /** Recovery codes (issue 22): our wording, not the spec's. */
  recoveryCodes: {
    heading: 'Recovery codes',
    left: icu<{ count: number }>('Recovery codes — {count} left'),
    none: 'You have no recovery codes. A recovery code lets you sign in when your usual second factor is not at hand.',
    generate: 'Generate recovery codes',
    regenerate: 'Regenerate recovery codes',
    regenerateQuestion: 'Make new recovery codes? The codes you have now will stop working.',
    dialogTitle: 'Save your recovery codes',
    dialogText:
      'Each code works once, in place of your usual second factor. Keep them somewhere safe: this is the only time they are shown.',
    listLabel: 'Your new recovery codes',
    copy: 'Copy',
    copied: 'Copied!',
    copyFailed: 'Copying was not allowed. Select the codes and copy them by hand.',
    download: 'Download',
    fileTitle: 'Authentication Hub recovery codes',
    fileName: 'recovery-codes.txt',
    saved: 'I have saved them',
    done: 'Done',
    generated: 'New recovery codes are ready.',
  },
} as const satisfies CatalogueSource;

/** The SSO's error code for a wrong password (spec section 8 shows its message elsewhere). */
export const WRONG_PASSWORD_CODE = '8800011';

/**
 * The words in the active locale: the source above in en-US, else the locale's catalogue,
 * precompiled at build time (`lang/<locale>.json` → `compiled-lang/`) and loaded as a chunk of
 * this build for the active locale only. en-US's compiled catalogue (the source's messages that
 * need a parser, if any) is bundled here: a page in the source locale loads no catalogue.
 */
export const messages = defineWords('remote_selfservice', catalogueSource, (locale) =>
  locale === SOURCE_LOCALE
    ? import(
        /* webpackMode: "eager", webpackInclude: /[\\/]en-US\.json$/ */ `../compiled-lang/${locale}.json`
      )
    : import(
        /* webpackChunkName: "catalogue-[request]", webpackExclude: /[\\/]en-US\.json$/ */ `../compiled-lang/${locale}.json`
      ),
);

export const recoveryCodeMessages = messages.recoveryCodes;
