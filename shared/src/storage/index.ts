/**
 * @portal/shared/storage: Browser storage behind schemas: cookies, localStorage and sessionStorage entries.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { fidoIdCookieName, obfuscate, trustedDeviceCookieName } from './cookieNames';
export {
  type CookieEnvironment,
  migrateLegacyCookie,
  readCookie,
  removeCookie,
  storedCookieName,
  writeCookie,
} from './cookies';
export {
  rememberedFactorFor,
  rememberedFactors,
  RememberedFactorsSchema,
  rememberedUserName,
  RememberedUserNameSchema,
  rememberFactor,
  storedRiskType,
} from './localStore';
export {
  flowType,
  idpData,
  type IdpData,
  IdpDataSchema,
  idpHandBackFields,
  isOauth2Flow,
  OAUTH2_FLOW,
  savedQueryParams,
  SavedQueryParamsSchema,
} from './sessionStore';
export { plainRecord, type StorageArea, storedValue, type StoredValue } from './storedValue';
