/**
 * @portal/shared/storage: Browser storage behind schemas: cookies, localStorage and sessionStorage entries.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export * from './cookieNames';
export * from './cookies';
export * from './localStore';
export * from './sessionStore';
export * from './storedValue';
