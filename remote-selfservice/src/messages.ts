/**
 * remote-selfservice's own catalogue: OUR wording, not the spec's. The spec has no step-up before
 * a delete (README, "Step-up before destruction"), so it has no strings for it; every string the
 * spec does have stays in @portal/shared/messages/en_US.
 */
export const selfServiceMessages = {
  stepUp: {
    /** Under the spec's delete question, in the same dialog. */
    explanation: 'For your security, enter your password to confirm.',
    passwordLabel: 'Password',
    /** The SSO said the password is wrong (errorCode 8800011); the user may try again. */
    wrongPassword: 'That password is not correct. Please try again.',
  },
} as const;

/** The SSO's error code for a wrong password (spec section 8 shows its message elsewhere). */
export const WRONG_PASSWORD_CODE = '8800011';
