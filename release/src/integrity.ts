import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A Subresource Integrity value: `sha384-<base64>` of the bytes. */
export function sri(bytes: Buffer | string): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

export function fileSri(file: string): string {
  return sri(readFileSync(file));
}

export const SRI_PATTERN = /^sha384-[A-Za-z0-9+/]{64}$/;
