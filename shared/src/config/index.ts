/**
 * @portal/shared/config: Product configuration, the constants of spec section 9, language.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export * from './portalConfig';
export * from './passkeySettings';
export * from './themeBrand';
export * from '../i18n/language';
export * from '../constants';
export * from '../lookup';
