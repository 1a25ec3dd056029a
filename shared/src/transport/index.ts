/**
 * @portal/shared/transport: The transport: the one request with the interceptors of spec section 7, the API client, tokens, the flow-state and transaction headers, reply schemas and the calls still in the kernel.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export * from '../api/auth';
export * from '../api/client';
export * from '../api/environment';
export * from '../api/errorText';
export * from '../api/fido';
export * from '../api/request';
export * from '../api/result';
export * from '../api/schemas';
export * from '../api/tokens';
export * from '../api/userInfo';
export * from '../audit/reportEvent';
export * from '../auth/deviceCookies';
export * from '../auth/trustedDevice';
export * from '../auth/trustedDeviceCustody';
export * from '../fido/credentialSignals';
