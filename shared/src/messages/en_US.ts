/**
 * The one en_US catalogue: every user-visible string of the spec (sections 2, 5 and 8), to the
 * letter, grouped by the screen or area that shows it. Templated strings are functions so a
 * caller cannot get the wording of the fixed part wrong.
 */
export const messages = {
  shell: {
    /** Our choice: the spec does not name the product. */
    productName: 'Authentication Hub',
    user: (name: string) => `User ${name}`,
    notUser: (name: string) => `Not ${name}?`,
    logout: 'Log out',
    pageNotFound: 'Page Not Found',
    goHome: 'Go to the home page',
    retry: 'Retry',
    loading: 'Loading',
    footer: {
      label: 'Legal and help',
      privacy: 'Privacy Statement',
      cookies: 'Cookie Policy',
      terms: 'Terms of Use',
      smsTerms: 'SMS Terms of Service',
      loginAssistance: 'Login Assistance',
      copyright: (year: number) => `© ${year} Authentication Hub. All rights reserved.`,
    },
  },
  landing: {
    title: 'A Better Login Experience',
    intro: 'Sign in with increased security and passwordless authentication.',
    login: 'Login',
    about: 'About the Authentication Hub',
  },
  about: {
    body: 'The Authentication Hub offers increased security and passwordless authentication.',
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
  userId: {
    label: 'User ID',
    rememberMe: 'Remember Me',
    rememberMeTooltip: 'Your user ID and this device will be saved for future logins.',
    authorizedOnly:
      'This system is for authorized users only. Activity on this system may be monitored and recorded.',
  },
  password: {
    prompt: 'Enter your password',
    forgot: 'Forgot password?',
    required: 'Password is required.',
  },
  changePassword: {
    title: 'Update Password Required',
    current: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    reveal: 'Hold to show password',
    fieldRequired: '* Field is required.',
    mustDiffer: '* New and old passwords cannot match.',
    mustMatch: '* Confirmed password does not match.',
    failed: 'Password update failed.',
  },
  push: {
    sending: 'Sending push notification . . .',
    accept: (device: string) => `Accept push request on your ${device} to login.`,
    denied: 'Transaction denied',
    failed: 'Transaction failed',
    timedOut: 'Transaction timed out',
    failedUnexpectedly: 'Transaction failed unexpectedly',
    registrationFailed: 'Unable to complete registration at this time. ',
  },
  chooser: {
    prompt: 'Select a way to sign in',
  },
  otp: {
    enterSecurityCode: (value: string) => `Enter security code sent to ${value}`,
    invalidCharacter: 'Invalid character. Only numbers are accepted as input.',
    securityCodeLength: (n: number) => `Security code must be ${n} digits long.`,
    invalidAction: (action: string) => `Invalid action ${action}`,
    digitLabel: (position: number, total: number) => `Digit ${position} of ${total}`,
    groupLabel: 'Security code',
  },
  mobileOtp: {
    scanToRegister: (value: string) =>
      `Scan the QR code with your mobile authenticator & enter security code to register ${value}`,
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
    notRecognizedAction: (action: string) =>
      `${action} is not a recognized action. Please select a different factor`,
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
  },
  idp: {
    connectingTo: (provider?: string) =>
      provider ? `Connecting to ${provider}` : 'Connecting to Identity Provider',
    unexpectedResponse: 'Unexpected response from identity provider.',
    unableToParse: 'Unable to parse identity provider results.',
    missingInformation: 'Missing information from identity provider response data.',
    userNotFound: 'Unable to locate user information from IDP response.',
  },
  welcome: {
    helloName: (name: string) => `Hello, ${name}`,
    manageCredentials: 'Manage Credentials',
  },
  selfService: {
    title: 'Manage Credentials',
    added: (date: string) => `Added ${date}`,
    deleteCredentialOfType: (type: string) => `Do you want to delete the credential of type ${type}?`,
    deleteAllConfirm: 'All your credentials will be deleted. Are you sure?',
    unableToRegister: 'Unable to register, please try again.',
    unexpectedError: (detail: string) => `Unexpected Error: ${detail}`,
  },
  registration: {
    totpName: 'Code from Mobile Authenticator',
  },
  endPages: {
    accessDenied: 'Access Denied',
    logoutSuccessful: 'Logout Successful',
    logInAgain: 'Log in again',
    unrecoverable: 'Unrecoverable error. Please restart login or try again later.',
    clickToRetry: 'Click to retry login',
  },
  help: {
    title: 'Login Assistance',
    clientHours: 'Client support hours: Sunday 8 pm to Friday 8 pm Eastern.',
    employeeHours: 'Employee support hours: 24/7.',
    clientRegions: ['Asia Pacific Toll Free', 'Asia Pacific', 'Europe', 'US Toll Free', 'US'],
    employeeRegions: ['Asia Pacific', 'Europe', 'US Toll Free'],
    copyToClipboard: 'Copy to Clipboard',
    copied: 'Copied!',
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
    unableToReach: (service: string) => `unable to reach ${service}`,
    resettingUser: 'Error resetting user',
    responseNull: 'Server error, response is null',
    invalidRiskType: (riskType: string) => `Invalid risk type ${riskType}. Using default.`,
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
} as const;
