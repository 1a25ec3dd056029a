import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { SealingKey } from './sealingKeys.js';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

/** What a sealed value holds once opened. */
const SealedPayloadSchema = v.object({
  /** The refresh token. */
  t: v.pipe(v.string(), v.minLength(1)),
  /** The SHA-256 of the sign-in's handle (refreshHandle.ts): only the page holding the handle redeems it. */
  h: v.pipe(v.string(), v.minLength(1)),
  /** When the sign-in that obtained it happened, epoch seconds (kept across refreshes and re-exchanges). */
  since: v.number(),
  /** When it was last sealed (sign-in or refresh), epoch seconds: the idle limit counts from here. */
  used: v.number(),
  /** The user it was issued to (the id_token's `sub`), when known: a re-exchange for the same user keeps `since`. */
  u: v.optional(v.string()),
});

export type SealedRefresh = v.InferOutput<typeof SealedPayloadSchema>;

export type OpenResult =
  | { ok: true; payload: SealedRefresh }
  | { ok: false; reason: 'malformed' | 'unknown key' | 'tampered' };

export interface TokenSealerOptions {
  /** The first key seals; every key opens (a rotation adds the new key first, drops the old one later). */
  keys: readonly SealingKey[];
  /** What the value is for: bound into the authentication tag, so a value sealed for one use opens for no other. */
  purpose: string;
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/**
 * Seals a token with AES-256-GCM (authenticated encryption): `v1.<key id>.<iv>.<ciphertext+tag>`,
 * base64url. Without a key the value can be neither read nor forged; any change to it fails the
 * tag. Stateless: every portal instance with the same keys opens what any other sealed.
 */
export class TokenSealer {
  private readonly aad: Buffer;

  constructor(private readonly options: TokenSealerOptions) {
    if (options.keys.length === 0) throw new Error('TokenSealer needs at least one key');
    this.aad = Buffer.from(`${FORMAT}:${options.purpose}`);
  }

  seal(payload: SealedRefresh): string {
    const [current] = this.options.keys as [SealingKey];
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, current.key, iv).setAAD(this.aad);
    const plain = Buffer.from(JSON.stringify(payload));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return [FORMAT, current.id, b64(iv), b64(sealed)].join('.');
  }

  open(value: string): OpenResult {
    const parts = value.split('.');
    if (parts.length !== 4 || parts[0] !== FORMAT) return { ok: false, reason: 'malformed' };
    const [, keyId, ivText, sealedText] = parts as [string, string, string, string];
    const key = this.options.keys.find((candidate) => candidate.id === keyId);
    if (!key) return { ok: false, reason: 'unknown key' };
    const iv = Buffer.from(ivText, 'base64url');
    const sealed = Buffer.from(sealedText, 'base64url');
    if (iv.length !== IV_BYTES || sealed.length <= TAG_BYTES) return { ok: false, reason: 'malformed' };
    let plain: Buffer;
    try {
      const decipher = createDecipheriv(ALGORITHM, key.key, iv).setAAD(this.aad);
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      plain = Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      return { ok: false, reason: 'tampered' };
    }
    let json: unknown;
    try {
      json = JSON.parse(plain.toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const payload = v.safeParse(SealedPayloadSchema, json);
    if (!payload.success) return { ok: false, reason: 'malformed' };
    return { ok: true, payload: payload.output };
  }
}
