/**
 * @portal/shared/ui/codes: one-time codes: the six code boxes and the QR code a set-up shows.
 * Their stylesheets come with them.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md), of its own so that a
 * first screen, which never asks for a code, does not load it (tooling/src/startupModules.ts).
 */
export { OtpInput, type OtpInputHandle } from './OtpInput';
export { QrCode } from './QrCode';
