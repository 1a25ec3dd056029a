import { FIDO_ID_COOKIE_PREFIX, TRUSTED_DEVICE_COOKIE_PREFIX } from '../constants';

/**
 * Cookie-name obfuscation (spec section 9): the user name must not appear in clear in a cookie
 * name, yet the same user must find the same cookie on the next visit, so the transformation is
 * deterministic and synchronous (it runs while the authenticate body is built).
 *
 * Algorithm: the user name is trimmed and lower-cased (the server lower-cases the subject too),
 * UTF-8 encoded, hashed with two 32-bit FNV-1a passes (the second seeded differently and over
 * the reversed bytes) into 64 bits, and those 8 bytes are written as URL-safe base64 without
 * padding (11 characters, all valid in a cookie name). This hides the name from casual reading;
 * it is not a secret and not meant to resist guessing.
 */

const FNV_PRIME = 0x01000193;
const FNV_OFFSET = 0x811c9dc5;
const SECOND_SEED = 0x5bd1e995;

function fnv1a(bytes: Uint8Array, seed: number): number {
  let hash = seed >>> 0;
  for (const byte of bytes) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash >>> 0;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function obfuscate(value: string): string {
  const bytes = new TextEncoder().encode(value.trim().toLowerCase());
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, fnv1a(bytes, FNV_OFFSET));
  view.setUint32(4, fnv1a(bytes.slice().reverse(), SECOND_SEED));
  return toBase64Url(new Uint8Array(view.buffer));
}

/** 'tdi-' + obfuscated user name: the trusted-device cookie. */
export function trustedDeviceCookieName(userName: string): string {
  return `${TRUSTED_DEVICE_COOKIE_PREFIX}${obfuscate(userName)}`;
}

/** 'fid-' + obfuscated user name: the FIDO identifier cookie. */
export function fidoIdCookieName(userName: string): string {
  return `${FIDO_ID_COOKIE_PREFIX}${obfuscate(userName)}`;
}
