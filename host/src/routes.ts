import { messages } from '@portal/shared/words';
import { paths } from '@portal/shared/router';
import type { RemoteName } from './federation/remotesConfig';

/**
 * Guards of spec section 2:
 * A only when not authenticated (else /welcome); B only when authenticated (else /home);
 * C only while a factor step is in progress (else /welcome if authenticated, else /home).
 */
export type Guard = 'A' | 'B' | 'C' | 'none';

export interface RouteEntry {
  path: string;
  guard: Guard;
  remote: RemoteName;
  expose: string;
  /** false for pages shown inside another site's frame: no header, footer or banner. */
  shell?: boolean;
  /** What the screen is: the page's title names it first, and the announcer says it on arrival. */
  title: string;
  /** The screen runs login start, whose first call is a client token (asked for at page start). */
  startsLogin?: true;
}

const login = (path: string, guard: Guard, expose: string, title: string): RouteEntry => ({
  path,
  guard,
  remote: 'remote_login',
  expose,
  title,
});
const factors = (path: string, expose: string, title: string): RouteEntry => ({
  path,
  guard: 'C',
  remote: 'remote_factors',
  expose,
  title,
});
const selfService = (path: string, expose: string, title: string): RouteEntry => ({
  path,
  guard: 'B',
  remote: 'remote_selfservice',
  expose,
  title,
});
const help = (path: string, expose: string, title: string): RouteEntry => ({
  path,
  guard: 'none',
  remote: 'remote_help',
  expose,
  title,
});

const { endPages, factorLabels: factor, registration } = messages;

/**
 * The route table: every address, its guard, the remote and expose that own its screen, and the
 * screen's title (the page's title and the announcer's words; the one table of titles).
 */
export const routes: readonly RouteEntry[] = [
  login(paths.home, 'A', './Landing', messages.landing.title),
  login(paths.homeAlias, 'A', './Landing', messages.landing.title),
  { ...login(paths.direct, 'A', './UserId', messages.userId.title), startsLogin: true },
  { ...login(paths.oauth2, 'A', './UserId', messages.userId.title), startsLogin: true },
  login(paths.verify, 'C', './Password', messages.password.prompt),
  login(paths.changePassword, 'C', './ChangePassword', messages.changePassword.title),
  login(paths.idp, 'C', './Idp', messages.idp.connectingTo()),
  login(paths.idpComplete, 'none', './IdpComplete', messages.idp.connectingTo()),
  login(paths.signedOut, 'none', './SignedOut', endPages.logoutSuccessful),
  login(paths.restartRequired, 'none', './RestartRequired', endPages.unrecoverable),
  login(paths.denied, 'none', './Denied', endPages.accessDenied),
  factors(paths.sotp, './Otp', factor.SMSOTP),
  factors(paths.eotp, './Otp', factor.EMAILOTP),
  factors(paths.votp, './Otp', factor.IVROTP),
  factors(paths.motp, './MobileOtp', factor.MOBILEOTP),
  factors(paths.push, './Push', factor.PUSH),
  factors(paths.securid, './TokenCode', factor.CUSTOM),
  factors(paths.fido, './Fido', messages.fido.loginTitle),
  factors(paths.securityKey, './Fido', messages.fido.loginTitle),
  factors(paths.passkey, './Fido', messages.fido.loginTitle),
  factors(paths.factorSelection, './FactorSelection', messages.factorSelection.heading),
  selfService(paths.welcome, './Welcome', messages.welcome.title),
  selfService(paths.selfService, './SelfService', messages.selfService.title),
  selfService(paths.register, './Register', registration.title),
  selfService(paths.registerType('sms'), './RegisterOtp', registration.verifyTitle),
  selfService(paths.registerType('email'), './RegisterOtp', registration.verifyTitle),
  selfService(paths.registerType('totp'), './RegisterTotp', registration.totpTitle),
  selfService(paths.registerType('fido'), './RegisterFido', messages.fido.registrationTitle),
  selfService(paths.registerType('securitykey'), './RegisterFido', messages.fido.registrationTitle),
  selfService(paths.registerType('passkey'), './RegisterFido', messages.fido.registrationTitle),
  selfService(paths.registerType('totp_push'), './RegisterTotpPush', registration.pushTitle),
  help(paths.help, './Help', messages.help.title),
  help(paths.cookies, './Cookies', messages.help.cookieNotice),
  help(paths.aboutAuthHub, './AboutAuthHub', messages.landing.about),
  help(paths.smsTerms, './SmsTerms', messages.shell.footer.smsTerms),
];

/** The title of the screen at `pathname`: its route's, or 'Page Not Found' for any other address. */
export function screenTitleFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((entry) => entry.path === path)?.title ?? messages.shell.pageNotFound;
}

interface ScreenRef {
  remote: RemoteName;
  expose: string;
}
const screen = (remote: RemoteName, expose: string): ScreenRef => ({ remote, expose });

/**
 * The screens the user most likely needs next, most likely first, loaded while the browser is
 * idle so the next step shows without a wait. (Landing → User ID; User ID → password, a one-time
 * code or the factor choice; a factor → welcome.)
 */
const afterUserId = [
  screen('remote_login', './Password'),
  screen('remote_factors', './Otp'),
  screen('remote_factors', './FactorSelection'),
];
const afterFactor = [screen('remote_selfservice', './Welcome')];
export const likelyNext: Partial<Record<string, readonly ScreenRef[]>> = {
  [paths.home]: [screen('remote_login', './UserId')],
  [paths.homeAlias]: [screen('remote_login', './UserId')],
  [paths.direct]: afterUserId,
  [paths.oauth2]: afterUserId,
  [paths.verify]: [screen('remote_factors', './Otp'), ...afterFactor],
  [paths.sotp]: afterFactor,
  [paths.eotp]: afterFactor,
  [paths.votp]: afterFactor,
  [paths.motp]: afterFactor,
  [paths.push]: afterFactor,
  [paths.securid]: afterFactor,
  [paths.fido]: afterFactor,
  [paths.securityKey]: afterFactor,
  [paths.passkey]: afterFactor,
  [paths.welcome]: [screen('remote_selfservice', './SelfService')],
};

/**
 * The screen a fresh page load shows for an address: its own, or for guards B and C (which need a
 * session, and a fresh page has none: tokens live in memory) the home page's. The portal server's
 * first-load plan makes the same choice for its preloads.
 */
export function firstScreenFor(pathname: string): RouteEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = routes.find((entry) => entry.path === path);
  if (!route) return undefined;
  if (route.guard === 'B' || route.guard === 'C') return routes.find((entry) => entry.path === paths.home);
  return route;
}
