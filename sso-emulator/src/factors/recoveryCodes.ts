import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { User } from '../state/model.js';

/**
 * Recovery codes (our addition; docs/adding-a-factor.md): ten single-use codes of 10 characters
 * from Crockford's base32 alphabet (no I, L, O or U, so nothing reads as another character), about
 * 50 bits each. The emulator keeps only an HMAC of each code under a key that lives in this process,
 * so state dumps carry no usable code; a check compares against every stored HMAC in constant time.
 */
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODES_PER_SET = 10;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const pepper = randomBytes(32);

/** What the user typed, as the code it means: upper case, no spaces or hyphens, I/L → 1, O → 0. */
export function normalizeRecoveryCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

function hmacOf(code: string): Buffer {
  return createHmac('sha256', pepper).update(normalizeRecoveryCode(code)).digest();
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A fresh set of codes (shown to the user once) and what the user record keeps of them. */
export function generateRecoveryCodes(nowIso: string): {
  codes: string[];
  set: NonNullable<User['recoveryCodeSet']>;
} {
  const codes = Array.from({ length: RECOVERY_CODES_PER_SET }, newCode);
  return {
    codes,
    set: { hmacs: codes.map((code) => hmacOf(code).toString('base64url')), createdDatetime: nowIso },
  };
}

/** The user record's form of codes given in plain text (fixtures). */
export function recoveryCodeSetOf(
  codes: readonly string[],
  nowIso: string,
): NonNullable<User['recoveryCodeSet']> {
  return { hmacs: codes.map((code) => hmacOf(code).toString('base64url')), createdDatetime: nowIso };
}

export function recoveryCodesLeft(user: User): number {
  return user.recoveryCodeSet?.hmacs.length ?? 0;
}

/**
 * Spends the code if it is one of the user's unused codes: true, and it is gone for good. Every
 * stored HMAC is compared (no early exit), each in constant time.
 */
export function spendRecoveryCode(user: User, typed: string): boolean {
  const set = user.recoveryCodeSet;
  if (!set || normalizeRecoveryCode(typed).length !== RECOVERY_CODE_LENGTH) return false;
  const candidate = hmacOf(typed);
  let found = -1;
  set.hmacs.forEach((stored, index) => {
    const bytes = Buffer.from(stored, 'base64url');
    if (bytes.length === candidate.length && timingSafeEqual(bytes, candidate) && found < 0) found = index;
  });
  if (found < 0) return false;
  set.hmacs.splice(found, 1);
  return true;
}
