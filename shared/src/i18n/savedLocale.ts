import * as v from 'valibot';
import { LOCALES } from './locales';

/**
 * The user's choice of language, remembered in a cookie so the portal server can answer the next
 * page in it (negotiation order: ui_locales, this, Accept-Language). It is SameSite=Lax because
 * the page that needs it most, /oauth2, is opened by a relying party's redirect (a cross-site
 * navigation). `__Host-` on a secure page; a year.
 */
export const LOCALE_COOKIE = 'portal-locale';

const SavedLocaleSchema = v.picklist(LOCALES.map((locale) => locale.tag));
export type SavedLocale = v.InferOutput<typeof SavedLocaleSchema>;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function cookieName(secure: boolean): string {
  return secure ? `__Host-${LOCALE_COOKIE}` : LOCALE_COOKIE;
}

function isSecure(): boolean {
  return globalThis.location?.protocol === 'https:';
}

/** The saved choice, or null when there is none or it is not one of the portal's locales. */
export function readSavedLocale(cookies: string = globalThis.document?.cookie ?? ''): SavedLocale | null {
  const name = cookieName(isSecure());
  for (const pair of cookies.split(';')) {
    const [key, value] = pair.split('=');
    if (key?.trim() !== name || value === undefined) continue;
    const parsed = v.safeParse(SavedLocaleSchema, decodeURIComponent(value.trim()));
    return parsed.success ? parsed.output : null;
  }
  return null;
}

export function saveLocale(locale: SavedLocale): void {
  const secure = isSecure();
  const attributes = ['Path=/', 'SameSite=Lax', `Max-Age=${YEAR_SECONDS}`, ...(secure ? ['Secure'] : [])];
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser.
  document.cookie = `${cookieName(secure)}=${encodeURIComponent(locale)}; ${attributes.join('; ')}`;
}
