/**
 * Every business constant and limit of spec section 9, in one place. Other modules import
 * these names instead of repeating the numbers.
 */

/** Idle for this long (10 minutes) logs the user out. */
export const IDLE_TIMEOUT_MS = 600_000;

/**
 * Our rule (WCAG 2.2.1, the spec is silent): this long (2 minutes) before the idle logout a
 * dialog warns, counts down and offers to stay signed in. The portal configuration may change it
 * (`idleWarningSeconds`).
 */
export const IDLE_WARNING_MS = 120_000;

/** A token refresh is scheduled this long (5 minutes) before the token expires. */
export const TOKEN_REFRESH_BUFFER_MS = 300_000;

/** Push status is polled at this interval. */
export const PUSH_POLL_INTERVAL_MS = 3_000;

/** Digits of a one-time code unless a screen says otherwise. */
export const OTP_LENGTH = 6;

/** The custom token-code passcode (PIN + token) is at most this many digits. */
export const PASSCODE_MAX = 10;

/** An SMS registration value (phone number with country code) has at least this many characters. */
export const SMS_MIN_LENGTH = 11;

/** Language sent to the server when the browser gives none we support. */
export const DEFAULT_LANGUAGE = 'en_US';

/** Delay before focusing a field, so it exists after the screen has rendered. */
export const FIELD_FOCUS_DELAY_MS = 100;

/** A live region is in the page this long before its text (ui/LiveStatus), so it is announced. */
export const LIVE_REGION_FILL_DELAY_MS = 100;

/** Without a risk vendor, the fallback fingerprint is collected after this delay. */
export const FINGERPRINT_DELAY_MS = 500;

/** A copy button is disabled for this long after a copy. */
export const COPY_REENABLE_MS = 1_000;

/** Dialog animation timings. */
export const DIALOG_OPEN_MS = 150;
export const DIALOG_CLOSE_MS = 75;
export const DIALOG_MAX_WIDTH = '80vw';
/**
 * A dialog's phase ends with its animation, or at the latest this long after the animation should
 * have ended (the fallback close timer: a close is complete at 75 + 100 ms even when no
 * animationend arrives, e.g. in a background tab).
 */
export const DIALOG_FALLBACK_MS = 100;
/** A closing dialog's backdrop fades out and is removed at the latest this long after the close began. */
export const DIALOG_BACKDROP_REMOVAL_MS = 500;

/** The redirect helper of the error handling waits this long before taking the user on. */
export const REDIRECT_DELAY_MS = 3_000;

/**
 * Our rule (the spec is silent): a screen shows that it waits on a call (a progress bar and
 * 'Please wait…', said politely: ui/BusyIndicator) once the call has gone this long without an
 * answer. A quicker answer shows nothing, so fast calls never flash.
 */
export const BUSY_INDICATOR_DELAY_MS = 1_000;

/** Progress bar maximum (it starts at 0). */
export const PROGRESS_MAX = 100;

/** Risk vendors the authenticate request can carry device data for. */
export const RISK_TYPES = ['IARISK', 'AARISK', 'RSARISK'] as const;
export type RiskType = (typeof RISK_TYPES)[number];
export const DEFAULT_RISK_TYPE: RiskType = 'RSARISK';

/** Credential statuses. */
export const CREDENTIAL_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
export const CREDENTIAL_STATUS_ACTIVE: CredentialStatus = 'ACTIVE';
export const CREDENTIAL_STATUS_INACTIVE: CredentialStatus = 'INACTIVE';

/** Cookie name prefixes: trusted device and FIDO identifier. */
export const TRUSTED_DEVICE_COOKIE_PREFIX = 'tdi-';
export const FIDO_ID_COOKIE_PREFIX = 'fid-';
/**
 * Added before a cookie name on secure (https) pages: `__Host-` (issue 14 over spec section 9's
 * `__Secure-`), which the browser accepts only with Secure, Path=/ and no Domain.
 */
export const HOST_COOKIE_PREFIX = '__Host-';
/** The prefix of spec section 9 that earlier versions used: still read once, and moved to `__Host-`. */
export const SECURE_COOKIE_PREFIX = '__Secure-';
/**
 * How long a cookie moved from `__Secure-` to `__Host-` lasts: its old expiry cannot be read. The
 * server stays the judge (a trusted sign-in rewrites the trusted-device cookie with the days left,
 * an untrusted reply removes it), so a generous year forces no one to trust their device again.
 */
export const MIGRATED_COOKIE_DAYS = 365;

/** Mobile OTP QR code rendering. */
export const QR_CODE_OPTIONS = {
  width: 256,
  errorCorrectionLevel: 'M',
  margin: 4,
  minVersion: 1,
  maxVersion: 40,
} as const;

/** The portal's fixed reverse-proxy path in front of the SSO service. */
export const PROXY_URL = '/common/portal/proxy/';

/** Scope requested on a token refresh (spec section 7). */
export const REFRESH_SCOPE = 'openid email profile offline_access';
/**
 * What the page holds and sends in place of the refresh token (refresh_token of the refresh and
 * user-token calls, token of the revoke call): its sign-in's handle, `rh1.` and 256 random bits
 * (base64url), that the portal server hands out in `refresh_token` of its token replies. The
 * refresh token itself stays sealed in that sign-in's HttpOnly cookie, which only this handle
 * redeems. Kept in memory only (refreshTokenAtom), never in browser storage.
 */
export const REFRESH_HANDLE_PATTERN = /^rh1\.[A-Za-z0-9_-]{43}$/;

/**
 * The longest the page lets its sign-in go unrefreshed: the portal server refuses a refresh after
 * IDLE_TIMEOUT_MS without one (its side of the idle limit), so a signed-in page refreshes at
 * least a minute before that, whatever the token's lifetime.
 */
export const MAX_REFRESH_INTERVAL_MS = IDLE_TIMEOUT_MS - 60_000;
