import { paths } from '@portal/shared/routes/paths';
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
  /** The screen runs login start, whose first call is a client token (asked for at page start). */
  startsLogin?: true;
}

const login = (path: string, guard: Guard, expose: string): RouteEntry => ({
  path,
  guard,
  remote: 'remote_login',
  expose,
});
const factors = (path: string, expose: string): RouteEntry => ({
  path,
  guard: 'C',
  remote: 'remote_factors',
  expose,
});
const selfService = (path: string, expose: string): RouteEntry => ({
  path,
  guard: 'B',
  remote: 'remote_selfservice',
  expose,
});
const help = (path: string, expose: string): RouteEntry => ({
  path,
  guard: 'none',
  remote: 'remote_help',
  expose,
});

/** The route table: every address, its guard, and the remote and expose that own its screen. */
export const routes: readonly RouteEntry[] = [
  login(paths.home, 'A', './Landing'),
  login(paths.homeAlias, 'A', './Landing'),
  { ...login(paths.direct, 'A', './UserId'), startsLogin: true },
  { ...login(paths.oauth2, 'A', './UserId'), startsLogin: true },
  login(paths.verify, 'C', './Password'),
  login(paths.changePassword, 'C', './ChangePassword'),
  login(paths.idp, 'C', './Idp'),
  login(paths.idpComplete, 'none', './IdpComplete'),
  login(paths.signedOut, 'none', './SignedOut'),
  login(paths.restartRequired, 'none', './RestartRequired'),
  login(paths.denied, 'none', './Denied'),
  factors(paths.sotp, './Otp'),
  factors(paths.eotp, './Otp'),
  factors(paths.votp, './Otp'),
  factors(paths.motp, './MobileOtp'),
  factors(paths.push, './Push'),
  factors(paths.securid, './TokenCode'),
  factors(paths.fido, './Fido'),
  factors(paths.securityKey, './Fido'),
  factors(paths.passkey, './Fido'),
  factors(paths.factorSelection, './FactorSelection'),
  selfService(paths.welcome, './Welcome'),
  selfService(paths.selfService, './SelfService'),
  selfService(paths.register, './Register'),
  selfService(paths.registerType('sms'), './RegisterOtp'),
  selfService(paths.registerType('email'), './RegisterOtp'),
  selfService(paths.registerType('totp'), './RegisterTotp'),
  selfService(paths.registerType('fido'), './RegisterFido'),
  selfService(paths.registerType('securitykey'), './RegisterFido'),
  selfService(paths.registerType('passkey'), './RegisterFido'),
  selfService(paths.registerType('totp_push'), './RegisterTotpPush'),
  help(paths.help, './Help'),
  help(paths.cookies, './Cookies'),
  { ...help(paths.emeaCookies, './EmeaCookies'), shell: false },
  help(paths.aboutAuthHub, './AboutAuthHub'),
  help(paths.smsTerms, './SmsTerms'),
];

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
