/**
 * @portal/shared/config: Product configuration, the constants of spec section 9, language.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export {
  applyPortalConfig,
  defaultPortalConfig,
  idleWarningMsFor,
  loadPortalConfig,
  type PortalConfig,
  portalConfigAtom,
  PortalConfigSchema,
  userInfoTitleFor,
} from './portalConfig';
export {
  automaticPasskeyUpgradeOn,
  type PasskeySettings,
  passkeySettingsAtom,
  PasskeySettingsSchema,
  passkeySignalsOn,
  readPasskeySettings,
  type WebAuthnHint,
  webAuthnHintsFor,
} from './passkeySettings';
export { readThemeBrand, type ThemeBrand, themeBrandAtom, ThemeBrandSchema } from './themeBrand';
export { activeLanguage, browserLanguage, type LanguageSource, normaliseLanguage } from '../i18n/language';
export {
  BUSY_INDICATOR_DELAY_MS,
  COPY_REENABLE_MS,
  CREDENTIAL_STATUS_ACTIVE,
  CREDENTIAL_STATUS_INACTIVE,
  CREDENTIAL_STATUSES,
  type CredentialStatus,
  DEFAULT_LANGUAGE,
  DEFAULT_RISK_TYPE,
  DIALOG_BACKDROP_REMOVAL_MS,
  DIALOG_CLOSE_MS,
  DIALOG_FALLBACK_MS,
  DIALOG_MAX_WIDTH,
  DIALOG_OPEN_MS,
  FIDO_ID_COOKIE_PREFIX,
  FIELD_FOCUS_DELAY_MS,
  FINGERPRINT_DELAY_MS,
  HOST_COOKIE_PREFIX,
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_MS,
  LIVE_REGION_FILL_DELAY_MS,
  MAX_REFRESH_INTERVAL_MS,
  MIGRATED_COOKIE_DAYS,
  OTP_LENGTH,
  PASSCODE_MAX,
  PROGRESS_MAX,
  PROXY_URL,
  PUSH_POLL_INTERVAL_MS,
  QR_CODE_OPTIONS,
  REDIRECT_DELAY_MS,
  REFRESH_HANDLE_PATTERN,
  REFRESH_SCOPE,
  RISK_TYPES,
  type RiskType,
  SECURE_COOKIE_PREFIX,
  SMS_MIN_LENGTH,
  TOKEN_REFRESH_BUFFER_MS,
  TRUSTED_DEVICE_COOKIE_PREFIX,
} from '../constants';
export { ownValue } from '../lookup';
