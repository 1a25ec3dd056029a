import { MIGRATED_COOKIE_DAYS } from '../constants';
import { fidoIdCookieName, trustedDeviceCookieName } from '../storage/cookieNames';
import {
  type CookieEnvironment,
  migrateLegacyCookie,
  readCookie,
  removeCookie,
  writeCookie,
} from '../storage/cookies';

/**
 * The two page-readable cookies of spec section 9, by user: the trusted-device id ('tdi-' +
 * obfuscated user name) and the FIDO identifier ('fid-' + obfuscated user name). Attributes
 * (__Host- on https, Path=/, SameSite=Strict, Secure) come from storage/cookies. Reading one
 * first moves a cookie an earlier version stored as __Secure- to its __Host- name, so a browser
 * trusted before keeps its trust.
 */

function readDeviceCookie(cookieName: string, env?: CookieEnvironment): string | null {
  migrateLegacyCookie(cookieName, MIGRATED_COOKIE_DAYS, env);
  return readCookie(cookieName, env);
}

export function readTrustedDeviceId(userName: string, env?: CookieEnvironment): string | null {
  return userName ? readDeviceCookie(trustedDeviceCookieName(userName), env) : null;
}

/** Keeps the trusted-device id; `expiryDays` from the reply's additional block, else a session cookie. */
export function rememberTrustedDevice(
  userName: string,
  trustedDeviceId: string,
  expiryDays?: number | null,
  env?: CookieEnvironment,
): void {
  writeCookie(
    trustedDeviceCookieName(userName),
    trustedDeviceId,
    typeof expiryDays === 'number' && expiryDays > 0 ? { expiryDays } : {},
    env,
  );
}

export function forgetTrustedDevice(userName: string, env?: CookieEnvironment): void {
  removeCookie(trustedDeviceCookieName(userName), env);
}

export function readFidoIdentifier(userName: string, env?: CookieEnvironment): string | null {
  return userName ? readDeviceCookie(fidoIdCookieName(userName), env) : null;
}

export function rememberFidoIdentifier(
  userName: string,
  fidoIdentifier: string,
  expiryDays?: number | null,
  env?: CookieEnvironment,
): void {
  writeCookie(
    fidoIdCookieName(userName),
    fidoIdentifier,
    typeof expiryDays === 'number' && expiryDays > 0 ? { expiryDays } : {},
    env,
  );
}
