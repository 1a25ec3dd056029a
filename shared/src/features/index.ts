/**
 * @portal/shared/features: Feature modules on their way to the remote that owns them (issue 22): this entry shrinks to nothing and then goes.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { challengeActionMatches, type ChallengeMode, readChallengeReply } from '../fido/challengeReply';
export {
  ATTACHMENT_TRANSPORTS,
  AUTHENTICATOR_ATTACHMENTS,
  expectedChallengeAction,
  FIDO_REGISTRATION_TYPES,
  FIDO_TYPES,
  type FidoActions,
  type FidoIconName,
  type FidoRegistrationType,
  type FidoType,
  fidoTypeForPath,
  fidoTypeForRegistration,
  fidoTypeOf,
  isRegisterMode,
  type Transport,
  TRANSPORTS,
} from '../fido/fidoTypes';
export {
  ChallengeSchema,
  CreationOptionsSchema,
  findPublicKeyOptions,
  type FoundOptions,
  OPTION_LOCATIONS,
  type OptionLocation,
  RequestOptionsSchema,
} from '../fido/publicKeyOptions';
export { otpauthLink, totpIssuer } from '../totp/otpauthLink';
export { emailAddressError, phoneNumberError } from '../validation/contactValue';
export { fillDigits, isDigits, otpLengthError } from '../validation/otpCode';
export {
  clipboardText,
  type TroubleshootFacts,
  type TroubleshootLine,
  troubleshootLines,
} from '../help/troubleshootLines';
