import { fidoIdCookieName, writeCookie } from '@portal/shared/storage';

/** Our choice: the FIDO identifier cookie is kept for a year (the spec leaves expiry optional). */
export const FIDO_ID_COOKIE_DAYS = 365;

/**
 * After a successful FIDO sign-in or registration the credential id is kept in the 'fid-' cookie
 * of this user, so the next authenticate request can send it as fidoIdentifier.
 */
export function rememberFidoIdentifier(userName: string, credentialId: string): void {
  writeCookie(fidoIdCookieName(userName), credentialId, { expiryDays: FIDO_ID_COOKIE_DAYS });
}
