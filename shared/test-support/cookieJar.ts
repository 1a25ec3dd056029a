import type { CookieEnvironment } from '../src/storage/cookies';

/**
 * A cookie jar for the cookie modules' `env`: it records every line written, as a browser would
 * receive it, and forgets a cookie written with an expiry in the past. The clock is fixed at
 * 2026-01-01T00:00:00Z.
 */
export function cookieJar(secure: boolean): CookieEnvironment & { written: string[] } {
  const values = new Map<string, string>();
  const written: string[] = [];
  const document = {
    get cookie() {
      return [...values].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Expires=Thu, 01 Jan 1970/.test(line)) values.delete(name);
      else values.set(name, value);
    },
  };
  return { document, secure, now: () => Date.UTC(2026, 0, 1), written };
}
