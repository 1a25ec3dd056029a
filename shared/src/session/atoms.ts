import { atom } from 'jotai';
import type { AuthReply, CredentialOption, FactorCode } from '../api/schemas';
import { DEFAULT_RISK_TYPE, PROXY_URL, type RiskType } from '../constants';
import { AuthStatus, type AuthStatusValue } from './authStatus';

/**
 * Session and display state (spec section 3). These atoms live in memory only: tokens are
 * never written to any browser storage, so a reload of a signed-in page starts sign-in again.
 * Read and write them through `portalStore` outside React.
 */

/** The user name the server knows the user by (shown in the user-info banner). */
export const userNameAtom = atom<string | null>(null);
/** The user name as typed on the User ID page. */
export const loginNameAtom = atom<string | null>(null);
/** The server's flow state, sent back as the X-Flow-State header. */
export const flowStateAtom = atom<string | null>(null);
export const clientTransactionIdAtom = atom<string | null>(null);
/** Time of the last server response, any call (the help desk's last-transaction time). */
export const lastTransactionAtom = atom<Date | null>(null);
/**
 * Time of the last response to a call the user caused: every call except the background ones
 * (the scheduled token refresh). It is the idle signal: the session timer subscribes to it and
 * restarts its 10-minute countdown (session/lifecycle/sessionLifecycle).
 */
export const lastUserActivityAtom = atom<Date | null>(null);
/**
 * When the idle logout warning is showing: the moment (epoch ms) the session will end unless the
 * user does something; null otherwise. Set and cleared by the session lifecycle only.
 */
export const idleLogoutAtAtom = atom<number | null>(null);
/**
 * What the host's one polite live region says (ui/Announcer): the latest announcement, with a
 * serial so the same words twice are announced twice. Written through a11y/announce.
 */
export const announcementAtom = atom<{ text: string; serial: number } | null>(null);

/** Client access token (for calls before sign-in). */
export const clientTokenAtom = atom<string | null>(null);
/** User access token (signed-in calls). */
export const userTokenAtom = atom<string | null>(null);
/**
 * This sign-in's refresh handle (REFRESH_HANDLE_PATTERN), when a refresh token is held: the token
 * itself stays in the portal server's HttpOnly cookie, out of every page script's reach, and only
 * this handle redeems it. Memory only.
 */
export const refreshTokenAtom = atom<string | null>(null);
/** Expiry of the user access token, epoch milliseconds. */
export const tokenExpiryAtom = atom<number | null>(null);
/**
 * When the user tokens were last received (sign-in or refresh), epoch milliseconds: the next
 * refresh is due MAX_REFRESH_INTERVAL_MS after it at the latest (the server's idle limit).
 */
export const tokensReceivedAtAtom = atom<number | null>(null);

export type FidoCredType = Extract<FactorCode, 'FIDO' | 'SECURITYKEY' | 'PASSKEY'>;
export const fidoCredTypeAtom = atom<FidoCredType | null>(null);
/**
 * The FIDO type whose assertion the current sign-in used (a FIDO screen or passkey autofill);
 * null when none. Kept past AUTH_ALLOWED (the welcome page's passkey offer reads it) and cleared
 * when a sign-in starts and at sign-out (session/signInState).
 */
export const signInFidoTypeAtom = atom<FidoCredType | null>(null);
/**
 * Whether the current sign-in proved the password (the automatic passkey upgrade follows only a
 * password sign-in: conditional create saves a passkey where the password manager just filled
 * the password). Cleared like signInFidoTypeAtom.
 */
export const signInPasswordAtom = atom<boolean>(false);
/** Whether this sign-in's welcome page has made its passkey offer (it is made once per sign-in). */
export const passkeyOfferMadeAtom = atom<boolean>(false);
/** Push and OTP options of the current factor step. */
export const factorOptionsAtom = atom<readonly CredentialOption[]>([]);

/**
 * The reply that opened the current factor screen (its currentFactors, customFactorOptions,
 * credentials, additional block). Replies carrying tokens are never kept here.
 */
export const factorReplyAtom = atom<AuthReply | null>(null);
/**
 * The factor level at which the factor selection screen offered more than one factor, so the
 * next screen still offers 'More Options' (flow/moreOptions). Flow-scoped: reset with the flow.
 */
export const selectionLevelAtom = atom<string | null>(null);

/** Base address of the SSO service (from the environment configuration). */
export const serviceUrlAtom = atom<string | null>(null);
/**
 * The SSO's own tenant URL (environment ssoUrl; null: the service URL): the one place an oauth2
 * hand-back (authCompleteUrl) may lead, and the base a relative one resolves against.
 */
export const ssoUrlAtom = atom<string | null>(null);
/** Base address of the portal's reverse proxy in front of the service. */
export const proxyUrlAtom = atom<string>(PROXY_URL);

export const authStatusAtom = atom<AuthStatusValue>(AuthStatus.None);
/** Whether the user may be reset ('Not {name}?'); its source is configuration. */
export const allowUserResetAtom = atom<boolean>(false);
/** Optional title shown instead of 'Not {name}?' in the user-info banner. */
export const userInfoTitleAtom = atom<string | null>(null);
/** Message for the error banner; null hides the banner. */
export const errorMessageAtom = atom<string | null>(null);

export const rememberDeviceEnabledAtom = atom<boolean>(false);
export const riskTypeAtom = atom<RiskType>(DEFAULT_RISK_TYPE);
