import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SealingKey } from '../tokens/custody/sealingKeys.js';
import type { RemotesConfig } from './remotesFile.js';
import type { RemoteEntry, SessionBuild } from './remoteEntry.js';

/**
 * The browser session's canary key: a random value the server deals and seals (CanaryKeys), in a
 * session cookie (no Max-Age: it ends with the browser session), HttpOnly (no script needs it).
 * SameSite=Lax, not Strict: a sign-in that arrives from a relying party on another site is a
 * cross-site navigation, and a Strict cookie would not be sent with it, so the session would be
 * dealt a new key and could switch builds.
 */
export const CANARY_COOKIE = '__Host-portal-canary';
const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The cookie's value: the key, a dot, and its MAC (HMAC-SHA-256, 43 base64url characters). */
const SEALED_PATTERN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const ATTRIBUTES = 'Path=/; Secure; HttpOnly; SameSite=Lax';

/** HKDF's info for the MAC key: a key of its own, never the AES key that seals refresh tokens. */
const MAC_KEY_PURPOSE = 'portal canary session key v1';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * The session's place in each remote's canary: a number 0–99 from its key and the remote's name,
 * the same on every request of the session (and independent between remotes).
 */
export function canaryBucket(key: string, remote: string): number {
  return createHash('sha256').update(`${key}\0${remote}`).digest().readUInt32BE(0) % 100;
}

/** The build of one remote this session uses: the canary when its bucket is below the percentage. */
export function sessionBuild(remote: string, entry: RemoteEntry, key: string | undefined): SessionBuild {
  const chosen =
    entry.canary && key !== undefined && canaryBucket(key, remote) < entry.canary.percent
      ? entry.canary
      : entry;
  return { manifest: chosen.manifest, integrity: chosen.integrity };
}

/** A key read from a cookie whose MAC verified; `current`: sealed with the first key (no reseal due). */
export interface OpenedCanaryKey {
  key: string;
  current: boolean;
}

/**
 * Seals canary keys: the cookie holds `<key>.<HMAC-SHA-256(macKey, key)>`, the MAC key derived
 * with HKDF-SHA-256 from each TOKEN_SEALING_KEYS key (info: MAC_KEY_PURPOSE, so it is no key of
 * the refresh seal). The first key seals, every key verifies: a rotation keeps every session's
 * key (and cohort), and every instance sharing the keys verifies what any other dealt. A browser
 * can still drop or keep its cookie, but never pick its key, so never its cohort.
 */
export class CanaryKeys {
  private readonly macKeys: readonly Buffer[];
  private readonly sealing: Buffer;

  constructor(sealingKeys: readonly SealingKey[]) {
    this.macKeys = sealingKeys.map((sealing) =>
      Buffer.from(hkdfSync('sha256', sealing.key, Buffer.alloc(0), MAC_KEY_PURPOSE, 32)),
    );
    const [first] = this.macKeys;
    if (!first) throw new Error('CanaryKeys needs at least one key');
    this.sealing = first;
  }

  private mac(macKey: Buffer, key: string): Buffer {
    return createHmac('sha256', macKey).update(key).digest();
  }

  /** The cookie value for `key` (22 base64url characters), sealed with the first key. */
  seal(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('a canary key is 22 base64url characters');
    return `${key}.${this.mac(this.sealing, key).toString('base64url')}`;
  }

  /** The key of a cookie value whose MAC verifies under any configured key; undefined otherwise. */
  open(value: string | undefined): OpenedCanaryKey | undefined {
    const [, key, macText] = SEALED_PATTERN.exec(value ?? '') ?? [];
    if (key === undefined || macText === undefined) return undefined;
    // Compared as text: only the one encoding the server writes verifies.
    const presented = Buffer.from(macText);
    const index = this.macKeys.findIndex((macKey) =>
      timingSafeEqual(presented, Buffer.from(this.mac(macKey, key).toString('base64url'))),
    );
    return index < 0 ? undefined : { key, current: index === 0 };
  }

  /** The verified key of a request's canary cookie, if it has one. */
  openCookie(cookieHeader: string | undefined): OpenedCanaryKey | undefined {
    return this.open(cookieValue(cookieHeader, CANARY_COOKIE));
  }

  /** One request's canary session: the key of its cookie when it verifies, else none (one may be dealt). */
  session(cookieHeader: string | undefined): CanarySession {
    return new CanarySession(this, this.openCookie(cookieHeader));
  }
}

/**
 * The cookie value a server with these TOKEN_SEALING_KEYS deals for `key` (tests and tools that
 * need a session in a chosen bucket: `${CANARY_COOKIE}=${sealCanaryKey(key, keys)}`).
 */
export function sealCanaryKey(key: string, sealingKeys: readonly SealingKey[]): string {
  return new CanaryKeys(sealingKeys).seal(key);
}

/**
 * One request's canary session: the verified key of its cookie, or a new one (then `setCookie` is
 * the header to send) when the request deals one. Without CanaryKeys (a page planned for no
 * browser: tests, warm-up) it has no key to begin with and sends no cookie.
 */
export class CanarySession {
  private key: string | undefined;
  private created = false;
  private readonly reseal: boolean;

  constructor(
    private readonly keys?: CanaryKeys,
    opened?: OpenedCanaryKey,
  ) {
    this.key = opened?.key;
    // Verified with an older key: sealed again with the current one, same key, same cohort.
    this.reseal = opened !== undefined && !opened.current;
  }

  /** The session's key: the cookie's (verified) or the one this request dealt. */
  get sessionKey(): string | undefined {
    return this.key;
  }

  /** Deals a key unless the session has one (every page load does: each beacon is then bound to a session). */
  deal(): void {
    if (this.key !== undefined) return;
    this.key = randomBytes(16).toString('base64url');
    this.created = true;
  }

  /** Each remote's build for this session; a key is dealt here only when some remote runs a canary. */
  builds(config: RemotesConfig): Record<string, SessionBuild> {
    if (Object.values(config).some((entry) => entry.canary)) this.deal();
    return Object.fromEntries(
      Object.entries(config).map(([remote, entry]) => [remote, sessionBuild(remote, entry, this.key)]),
    );
  }

  /**
   * Whether this session gets the canary of `name` (the host's, which host.json names) that runs
   * for `percent` % of sessions. `deal`: a page load deals a session without a key its key, as
   * builds() does; a file request never does (it then gets the live build).
   */
  inCanary(name: string, percent: number, deal: boolean): boolean {
    if (deal) this.deal();
    return this.key !== undefined && canaryBucket(this.key, name) < percent;
  }

  /** The Set-Cookie value when this request dealt the session its key (or its cookie is to be resealed). */
  setCookie(): string | undefined {
    if (!this.keys || this.key === undefined || !(this.created || this.reseal)) return undefined;
    return `${CANARY_COOKIE}=${this.keys.seal(this.key)}; ${ATTRIBUTES}`;
  }
}
