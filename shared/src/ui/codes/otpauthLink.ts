import type { PortalConfig } from '../../config/portalConfig';

/**
 * The mobile OTP QR code's payload (spec section 9), for self-service registration and for
 * enrolment during sign-in alike.
 */

/**
 * The QR code's issuer: the tenant name, except 'default' and 'common', which get the
 * environment's display names from the portal configuration.
 */
export function totpIssuer(tenantName: string, displayNames: PortalConfig['tenantDisplayNames']): string {
  if (tenantName === 'default' || tenantName === 'common') return displayNames[tenantName];
  return tenantName;
}

/** otpauth://totp/{issuer}:{user}?secret=…&issuer=… (the Key Uri Format authenticator apps read). */
export function otpauthLink({
  userName,
  secret,
  issuer,
}: {
  userName: string;
  secret: string;
  issuer: string;
}): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(userName)}`;
  // encodeURIComponent, not URLSearchParams: authenticator apps expect %20, not '+', for spaces.
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}`;
}
