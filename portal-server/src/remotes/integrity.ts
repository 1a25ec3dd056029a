import { createHash } from 'node:crypto';
import * as v from 'valibot';

/** `sha384-` and the base64 of 48 bytes: a file's `integrity`, as Subresource Integrity writes it. */
export const Sha384Integrity = v.pipe(
  v.string(),
  v.regex(/^sha384-[A-Za-z0-9+/]{64}$/, 'sha384-<base64 of the 48-byte SHA-384 digest>'),
);

/** The `integrity` of some bytes: `sha384-<base64>`. */
export function sha384Integrity(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}
