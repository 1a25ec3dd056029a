/**
 * @portal/shared/transport: The transport: the one request with the interceptors of spec section 7, the API client, tokens, the flow-state and transaction headers, reply schemas and the calls still in the kernel.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { api, type ApiClient, createApiClient } from '../api/client';
export { createEnvironmentCalls } from '../api/environment';
export {
  type CallOptions,
  createSend,
  HEADERS,
  type RequestDeps,
  type Send,
} from '../api/request';
export type { ApiError, ApiResult } from '../api/result';
export {
  type AuthReply,
  AuthReplySchema,
  type ClientTokenReply,
  type CredentialOption,
  EmptyReplySchema,
  type Environment,
  EnvironmentSchema,
  FidoChallengeReplySchema,
  ReplyDataSchema,
} from '../api/schemas';
export { createTokenCalls } from '../api/tokens';
export { readFidoIdentifier } from '../auth/deviceCookies';
export { pageTrustedDeviceId } from '../auth/trustedDeviceCustody';
export {
  defaultRpId,
  forgetIfUnknown,
  signalAcceptedCredentials,
  signalUserDetails,
  type WebAuthnUser,
} from '../fido/credentialSignals';
