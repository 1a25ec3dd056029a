/**
 * @portal/shared/fido: WebAuthn as the SSO speaks it, for the three remotes that run a ceremony:
 * passkey autofill on the User ID page (remote-login), the FIDO sign-in step (remote-factors),
 * registration and the automatic passkey upgrade (remote-selfservice). The challenge reply, the
 * public-key options inside it, and the FIDO types (their next actions, paths and icons).
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { readChallengeReply } from './challengeReply';
export {
  FIDO_REGISTRATION_TYPES,
  type FidoIconName,
  type FidoRegistrationType,
  fidoTypeForRegistration,
  fidoTypeOf,
} from './fidoTypes';
export { CreationOptionsSchema, type FoundOptions, RequestOptionsSchema } from './publicKeyOptions';
