import { portalConfigAtom } from '@portal/shared/config';
import { serviceUrlAtom, ssoUrlAtom, type PortalStore } from '@portal/shared/session';
import type { SamlFormPolicy } from './samlForm';

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Where the SAML form may post: the SSO's own origin (the environment's ssoUrl when the service
 * URL is the portal's proxy, else the service URL; plain http allowed only for it, the emulator in
 * development) and the configured service origins over https.
 */
export function samlPolicyFrom(store: PortalStore): SamlFormPolicy {
  const service = originOf(store.get(ssoUrlAtom) ?? store.get(serviceUrlAtom));
  const configured = (store.get(portalConfigAtom).serviceOrigins ?? [])
    .map(originOf)
    .filter((origin): origin is string => origin !== null);
  return {
    allowedOrigins: service ? [service, ...configured] : configured,
    insecureOrigins: service ? [service] : [],
  };
}
