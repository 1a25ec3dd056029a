/**
 * @portal/shared/config: Product configuration, the constants of spec section 9, language.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export {
  applyPortalConfig,
  defaultPortalConfig,
  loadPortalConfig,
  type PortalConfig,
  portalConfigAtom,
  userInfoTitleFor,
} from './portalConfig';
export {
  automaticPasskeyUpgradeOn,
  type PasskeySettings,
  passkeySettingsAtom,
  passkeySignalsOn,
  webAuthnHintsFor,
} from './passkeySettings';
export { themeBrandAtom } from './themeBrand';
export { activeLanguage } from '../i18n/language';
export {
  COPY_REENABLE_MS,
  CREDENTIAL_STATUS_ACTIVE,
  CREDENTIAL_STATUS_INACTIVE,
  type CredentialStatus,
  FIELD_FOCUS_DELAY_MS,
  FINGERPRINT_DELAY_MS,
  LIVE_REGION_FILL_DELAY_MS,
  PASSCODE_MAX,
  PUSH_POLL_INTERVAL_MS,
  type RiskType,
} from '../constants';
export { ownValue } from '../lookup';
