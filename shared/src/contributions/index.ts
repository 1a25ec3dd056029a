/**
 * @portal/shared/contributions: The merged contributions of the live remotes, in the store.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { contributionsAtom } from './contributionsAtom';
