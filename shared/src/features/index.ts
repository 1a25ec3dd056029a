/**
 * @portal/shared/features: Feature modules on their way to the remote that owns them (issue 22): this entry shrinks to nothing and then goes.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export * from '../fido/challengeReply';
export * from '../fido/fidoTypes';
export * from '../fido/publicKeyOptions';
export * from '../totp/otpauthLink';
export * from '../validation/contactValue';
export * from '../validation/otpCode';
export * from '../help/troubleshootLines';
