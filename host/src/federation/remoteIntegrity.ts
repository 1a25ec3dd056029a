import * as v from 'valibot';

/** `sha384-` and the base64 of 48 bytes: a file's `integrity`, as Subresource Integrity writes it. */
export const Sha384Integrity = v.pipe(
  v.string(),
  v.regex(/^sha384-[A-Za-z0-9+/]{64}$/, 'sha384-<base64 of the 48-byte SHA-384 digest>'),
);

/**
 * A well-formed sha384 that no file has (48 zero bytes): a script or stylesheet of a remote whose
 * hash the page does not know is still given an integrity, and the browser refuses it. (A missing
 * or malformed integrity would let anything run.)
 */
export const NO_KNOWN_HASH = `sha384-${'A'.repeat(64)}`;

/** The sha384 of every remote file this page may load, by absolute URL. */
const known = new Map<string, string>();

/** Remembers the hashes of a remote's files (from its verified manifest), by absolute URL. */
export function rememberFileIntegrity(files: Readonly<Record<string, string>>): void {
  for (const [url, integrity] of Object.entries(files)) known.set(url, integrity);
}

/** The integrity a remote file must be loaded with; NO_KNOWN_HASH when the page was not told one. */
export function integrityFor(url: string): string {
  let absolute: string;
  try {
    absolute = new URL(url, window.location.href).href;
  } catch {
    return NO_KNOWN_HASH;
  }
  return known.get(absolute) ?? NO_KNOWN_HASH;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The sha384 of some bytes as `sha384-<base64>` (SubtleCrypto: secure contexts only, as the portal is). */
export async function sha384Of(bytes: ArrayBuffer): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new Error('SubtleCrypto is unavailable: a remote cannot be verified');
  const digest = await globalThis.crypto.subtle.digest('SHA-384', new Uint8Array(bytes));
  return `sha384-${toBase64(new Uint8Array(digest))}`;
}
