/**
 * @portal/shared/a11y: Accessibility helpers: announcements, focus on a new screen, focus rescue.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { announce, useAnnounce } from './announce';
export { focusHeading, focusIsWithin, focusScreenStart } from './focusScreen';
export { useFocusRescue } from './useFocusRescue';
