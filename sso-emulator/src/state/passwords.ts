import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// scrypt parameters: N=16384, r=8, p=1 (node defaults), 32-byte key.
const KEY_LENGTH = 32;

/** Hash format: scrypt$<salt base64url>$<key base64url>. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export function verifyPassword(password: string, hash: string): boolean {
  const [scheme, saltText, keyText] = hash.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = scryptSync(password, Buffer.from(saltText, 'base64url'), expected.length);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
