import { createHash } from 'node:crypto';

/** One AES-256 key: the bytes and a short id (a hash prefix) that names it in each sealed value. */
export interface SealingKey {
  id: string;
  key: Buffer;
}

export const SEALING_KEY_BYTES = 32;

/** The id written into a sealed value: 8 hex characters of the key's SHA-256 (says nothing of the key). */
export function sealingKey(key: Buffer): SealingKey {
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/** A key given as base64 or base64url; undefined unless it is exactly 32 bytes. */
export function decodeSealingKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === SEALING_KEY_BYTES ? bytes : undefined;
}
