import type { SamlFormPolicy } from './samlForm';

/**
 * Where the identity provider's form posts: its action resolved the way the page would resolve it
 * (against the page's <base href>, which must be an absolute http(s) address; a relative action
 * without one is refused, since the page was not loaded from an address of its own), then allowed
 * only on a configured origin, over https (plain http only for the origins the policy names, the
 * emulator in development), without credentials. javascript:, data: and every other scheme fail
 * the origin check.
 */
export type ActionCheck = { ok: true; url: string } | { ok: false; reason: string };

function parseHttpUrl(raw: string, base?: string): URL | null {
  try {
    const url = base === undefined ? new URL(raw) : new URL(raw, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function resolveSamlAction(
  action: string | null,
  baseHref: string | null,
  policy: SamlFormPolicy,
): ActionCheck {
  const raw = action?.trim();
  if (!raw) return { ok: false, reason: 'form without an action' };
  let base: string | undefined;
  if (baseHref !== null) {
    const parsed = parseHttpUrl(baseHref.trim());
    if (!parsed) return { ok: false, reason: 'base href is not an absolute http(s) address' };
    base = parsed.href;
  }
  const url = parseHttpUrl(raw, base);
  if (!url) return { ok: false, reason: 'form action is not an http(s) address' };
  if (url.username || url.password) return { ok: false, reason: 'form action carries credentials' };
  const allowed = new Set(policy.allowedOrigins.map(originOf));
  if (!allowed.has(url.origin)) return { ok: false, reason: `form action on ${url.origin} is not allowed` };
  const insecure = new Set((policy.insecureOrigins ?? []).map(originOf));
  if (url.protocol === 'http:' && !insecure.has(url.origin))
    return { ok: false, reason: 'form action is not https' };
  return { ok: true, url: url.href };
}
