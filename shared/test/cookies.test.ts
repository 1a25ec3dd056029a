import { describe, expect, it } from 'vitest';
import { fidoIdCookieName, obfuscate, trustedDeviceCookieName } from '../src/storage/cookieNames';
import {
  type CookieEnvironment,
  migrateLegacyCookie,
  readCookie,
  removeCookie,
  writeCookie,
} from '../src/storage/cookies';

/** Records cookie writes and answers reads like document.cookie does (name=value pairs). */
function cookieJar(secure: boolean): CookieEnvironment & { writes: string[] } {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (line.includes('Expires=Thu, 01 Jan 1970')) jar.delete(name);
      else jar.set(name, value);
    },
  };
  return { document, secure, now: () => Date.UTC(2026, 0, 1), writes };
}

describe('cookie names', () => {
  it('are deterministic, case-insensitive on the user name, and hide it', () => {
    expect(obfuscate('Ann.Smith')).toBe(obfuscate('ann.smith'));
    expect(obfuscate('ann.smith')).not.toBe(obfuscate('bob'));
    expect(obfuscate('ann.smith')).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(trustedDeviceCookieName('ann.smith')).toMatch(/^tdi-[A-Za-z0-9_-]{11}$/);
    expect(fidoIdCookieName('ann.smith')).toMatch(/^fid-[A-Za-z0-9_-]{11}$/);
    expect(trustedDeviceCookieName('ann.smith')).not.toContain('ann');
  });
});

describe('cookies', () => {
  it('on a secure page: __Host- prefix, Path=/, no Domain, SameSite=Strict, Secure, optional expiry', () => {
    const env = cookieJar(true);
    writeCookie('tdi-x', 'device 1', { expiryDays: 30 }, env);
    expect(env.writes[0]).toBe(
      '__Host-tdi-x=device%201; Path=/; SameSite=Strict; Expires=Sat, 31 Jan 2026 00:00:00 GMT; Secure',
    );
    expect(env.writes[0]).not.toMatch(/Domain=/i);
    expect(readCookie('tdi-x', env)).toBe('device 1');
  });
  it('on a plain page: no prefix and no Secure flag; no expiry means a session cookie', () => {
    const env = cookieJar(false);
    writeCookie('fid-x', 'id', {}, env);
    expect(env.writes[0]).toBe('fid-x=id; Path=/; SameSite=Strict');
    expect(readCookie('fid-x', env)).toBe('id');
    expect(readCookie('fid-y', env)).toBeNull();
  });
  it('removal sets an expiry in the past', () => {
    const env = cookieJar(true);
    writeCookie('tdi-x', 'v', {}, env);
    removeCookie('tdi-x', env);
    expect(env.writes[1]).toBe(
      '__Host-tdi-x=; Path=/; SameSite=Strict; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure',
    );
    expect(readCookie('tdi-x', env)).toBeNull();
  });
  it('removal also drops a __Secure- copy an earlier version left', () => {
    const env = cookieJar(true);
    env.document.cookie = '__Secure-tdi-x=old; Path=/; SameSite=Lax; Secure';
    removeCookie('tdi-x', env);
    expect(env.document.cookie).toBe('');
  });
  it('works with the real document.cookie', () => {
    writeCookie('tdi-real', 'v1');
    expect(readCookie('tdi-real')).toBe('v1');
    removeCookie('tdi-real');
    expect(readCookie('tdi-real')).toBeNull();
  });
});

describe('moving __Secure- cookies of earlier versions to __Host- (issue 14)', () => {
  it('reads the old cookie once, writes the new one for the given days, deletes the old one', () => {
    const env = cookieJar(true);
    env.document.cookie = '__Secure-tdi-x=device%201; Path=/; SameSite=Lax; Secure';
    expect(readCookie('tdi-x', env)).toBeNull();
    expect(migrateLegacyCookie('tdi-x', 365, env)).toBe(true);
    expect(env.writes.slice(1)).toEqual([
      '__Host-tdi-x=device%201; Path=/; SameSite=Strict; Expires=Fri, 01 Jan 2027 00:00:00 GMT; Secure',
      '__Secure-tdi-x=; Path=/; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure',
    ]);
    expect(env.document.cookie).toBe('__Host-tdi-x=device%201');
    expect(readCookie('tdi-x', env)).toBe('device 1');
    // Once moved, there is nothing left to move.
    expect(migrateLegacyCookie('tdi-x', 365, env)).toBe(false);
  });
  it('a __Host- cookie already there is newer: it is kept, the old one only deleted', () => {
    const env = cookieJar(true);
    env.document.cookie = '__Secure-tdi-x=old; Path=/; SameSite=Lax; Secure';
    writeCookie('tdi-x', 'new', {}, env);
    migrateLegacyCookie('tdi-x', 365, env);
    expect(env.document.cookie).toBe('__Host-tdi-x=new');
  });
  it('plain pages never had a prefix: nothing to move', () => {
    const env = cookieJar(false);
    env.document.cookie = 'tdi-x=v; Path=/; SameSite=Lax';
    expect(migrateLegacyCookie('tdi-x', 365, env)).toBe(false);
    expect(env.writes).toHaveLength(1);
  });
});
