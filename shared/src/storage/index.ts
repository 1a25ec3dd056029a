/**
 * @portal/shared/storage: Browser storage behind schemas: cookies, localStorage and sessionStorage entries.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { fidoIdCookieName, obfuscate } from './cookieNames';
export {
  removeCookie,
  writeCookie,
} from './cookies';
export {
  rememberedFactorFor,
  rememberedUserName,
  rememberFactor,
} from './localStore';
export {
  flowType,
  idpData,
  type IdpData,
  IdpDataSchema,
  isOauth2Flow,
  OAUTH2_FLOW,
  savedQueryParams,
} from './sessionStore';
export { plainRecord, storedValue } from './storedValue';
