/**
 * A browser's single-sign-on session: opened when an oauth2 sign-in completes (authcomplete),
 * found again by its cookie at the next relying-party start. Kept in memory by its opaque id.
 */
export interface SsoSession {
  id: string;
  userName: string;
  createdAt: number;
  /** Absolute end (emulator clock): using the session does not extend it. */
  expiresAt: number;
}

/** Lifetime of an SSO session: a working day. */
export const SSO_SESSION_TTL_MS = 8 * 60 * 60 * 1000;
