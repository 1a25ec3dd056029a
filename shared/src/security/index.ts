/**
 * @portal/shared/security: Trusted Types policy.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { INERT_TEMPLATE_SINK, inertTemplateHtml } from './trustedTypes';
