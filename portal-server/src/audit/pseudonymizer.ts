import { createHmac } from 'node:crypto';
import * as v from 'valibot';

/** The smallest pseudonym key: HMAC-SHA-256 wants at least its output size of key. */
export const PSEUDONYM_KEY_MIN_BYTES = 32;

/** A key given as base64 or base64url; undefined unless it holds at least 32 bytes. */
export function decodePseudonymKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length >= PSEUDONYM_KEY_MIN_BYTES ? bytes : undefined;
}

/** AUDIT_PSEUDONYM_KEY as the environment gives it. */
export const pseudonymKeyValue = v.pipe(
  v.string(),
  v.check(
    (text) => decodePseudonymKey(text) !== undefined,
    'must be at least 32 bytes in base64 or base64url (openssl rand -base64 32)',
  ),
  v.transform((text) => decodePseudonymKey(text) as Buffer),
);

/** What a pseudonym stands for: the same value gives different pseudonyms in each domain. */
type Domain = 'user' | 'credential' | 'flow';

/**
 * Keyed hashes (HMAC-SHA-256, base64url) standing for values the trail must not hold: the same
 * user gets the same key in every event and on every instance sharing the key, and nobody without
 * the key can test a guessed User ID against it (a plain hash of a user name is reversed by trying
 * names).
 */
export class Pseudonymizer {
  constructor(private readonly key: Buffer) {}

  /** A User ID's pseudonym; User IDs are case-insensitive (the portal lower-cases them). */
  user(userId: string): string | undefined {
    const normal = userId.trim().toLowerCase();
    return normal === '' ? undefined : this.hash('user', normal);
  }

  credential(credId: string): string {
    return this.hash('credential', credId);
  }

  /** A flow state's pseudonym: the key of the in-memory flow → user map (never the flow state itself). */
  flow(flowState: string): string {
    return this.hash('flow', flowState);
  }

  private hash(domain: Domain, value: string): string {
    return createHmac('sha256', this.key).update(`${domain}\u0000${value}`).digest('base64url');
  }
}
