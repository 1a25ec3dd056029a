/**
 * @portal/shared/ui/codes: one-time codes, for the sign-in step and the set-ups that send or show
 * them (enrolment during sign-in in remote-factors, registration in remote-selfservice): the six
 * code boxes, the QR code and the otpauth link it carries, and the rules for the phone number or
 * e-mail address a code is sent to. The stylesheets come with them.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md), of its own so that a
 * first screen, which never asks for a code, does not load it (tooling/src/startupModules.ts).
 */
export { emailAddressError, phoneNumberError } from './contactValue';
export { OtpInput, type OtpInputHandle } from './OtpInput';
export { otpauthLink, totpIssuer } from './otpauthLink';
export { QrCode } from './QrCode';
