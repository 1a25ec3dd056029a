import { createHash, randomBytes } from 'node:crypto';
import type { RemotesConfig } from './remotesFile.js';
import type { RemoteEntry, SessionBuild } from './remoteEntry.js';

/**
 * The browser session's canary key: a random value in a session cookie (no Max-Age: it ends with
 * the browser session), HttpOnly (no script needs it). SameSite=Lax, not Strict: a sign-in that
 * arrives from a relying party on another site is a cross-site navigation, and a Strict cookie
 * would not be sent with it, so the session would be dealt a new key and could switch builds.
 */
export const CANARY_COOKIE = '__Host-portal-canary';
const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

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

/**
 * One request's canary session: the key from its cookie, or a new one (then `setCookie` is the
 * header to send) when remotes.json runs a canary and the browser has none yet.
 */
export class CanarySession {
  private key: string | undefined;
  private created = false;

  constructor(cookieHeader: string | undefined) {
    const value = cookieValue(cookieHeader, CANARY_COOKIE);
    this.key = value !== undefined && KEY_PATTERN.test(value) ? value : undefined;
  }

  /** Each remote's build for this session; a key is made only when some remote runs a canary. */
  builds(config: RemotesConfig): Record<string, SessionBuild> {
    const hasCanary = Object.values(config).some((entry) => entry.canary);
    if (hasCanary && this.key === undefined) {
      this.key = randomBytes(16).toString('base64url');
      this.created = true;
    }
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
    if (this.key === undefined && deal) {
      this.key = randomBytes(16).toString('base64url');
      this.created = true;
    }
    return this.key !== undefined && canaryBucket(this.key, name) < percent;
  }

  /** The Set-Cookie value when this request dealt the session its key. */
  setCookie(): string | undefined {
    return this.created && this.key
      ? `${CANARY_COOKIE}=${this.key}; Path=/; Secure; HttpOnly; SameSite=Lax`
      : undefined;
  }
}
