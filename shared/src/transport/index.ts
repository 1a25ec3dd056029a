/**
 * @portal/shared/transport: The transport: the one request with the interceptors of spec section 7, the API client, tokens, the flow-state and transaction headers, reply schemas and the calls still in the kernel.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { createAuthCalls } from '../api/auth';
export { api, type ApiClient, type ApiClientDeps, createApiClient } from '../api/client';
export { createEnvironmentCalls } from '../api/environment';
export { errorCodeOf, errorText, isExpiredClientToken, isInvalidFlowState } from '../api/errorText';
export { createFidoCalls, type FidoDeps } from '../api/fido';
export {
  type Base,
  type CallOptions,
  type CallSpec,
  CLIENT_TOKEN_PATH,
  createSend,
  HEADERS,
  type HttpMethod,
  type RequestDeps,
  type Send,
  type TokenKind,
} from '../api/request';
export { apiError, type ApiError, type ApiErrorKind, type ApiResult } from '../api/result';
export {
  AdditionalSchema,
  type AuthReply,
  AuthReplySchema,
  type ClientTokenReply,
  ClientTokenReplySchema,
  type CredentialOption,
  CredentialOptionSchema,
  EmptyReplySchema,
  type Environment,
  EnvironmentSchema,
  type ErrorBody,
  ErrorBodySchema,
  FACTOR_CODES,
  type FactorCode,
  FidoChallengeReplySchema,
  PredicateSchema,
  ReplyDataSchema,
  type UserInfo,
  UserInfoSchema,
  type UserTokenReply,
  UserTokenReplySchema,
} from '../api/schemas';
export { createTokenCalls } from '../api/tokens';
export { decodeUserInfo, UserInfoTextSchema } from '../api/userInfo';
export { AUDIT_EVENTS_PATH, type BrowserAuditEvent, reportAuditEvent } from '../audit/reportEvent';
export {
  forgetTrustedDevice,
  readFidoIdentifier,
  readTrustedDeviceId,
  rememberFidoIdentifier,
  rememberTrustedDevice,
} from '../auth/deviceCookies';
export {
  syncTrustedDeviceCookie,
  trustedDeviceVerdict,
  type TrustedDeviceVerdict,
} from '../auth/trustedDevice';
export { pageTrustedDeviceId, serverKeepsTrustedDevice } from '../auth/trustedDeviceCustody';
export {
  defaultRpId,
  forgetIfUnknown,
  hasCredentialSignal,
  isUnknownCredential,
  signalAcceptedCredentials,
  signalUnknownCredential,
  signalUserDetails,
  UNKNOWN_CREDENTIAL_ERROR_CODE,
  type WebAuthnUser,
} from '../fido/credentialSignals';
