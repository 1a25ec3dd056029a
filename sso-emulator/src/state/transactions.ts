import { randomBytes, randomUUID } from 'node:crypto';
import type { CredType } from './model.js';

/** One sign-in transaction, addressed by its flow state (the X-Flow-State header). */
export interface Transaction {
  flowStateId: string;
  flowState: string;
  /** When the transaction began (emulator clock): a logout ends the user's flows begun before it. */
  createdAt: number;
  /** Sliding while the sign-in runs; fixed once it is complete (AUTH_ALLOWED or AUTH_DENIED). */
  expiresAt: number;
  oauth2: boolean;
  /**
   * oauth2 only: the SHA-256 digest of the one-time completion secret AUTH_ALLOWED handed the
   * browser that completed the authentication (auth/completionSecret.ts); authcomplete serves the
   * flow only to a request presenting it.
   */
  completionDigest?: Buffer;
  userName?: string;
  /** Index into the user's steps. */
  stepIndex: number;
  /** The factor code being performed in the current step (after selection or when the step has one factor). */
  factor?: string;
  completed: boolean;
  outcome?: 'ALLOWED' | 'DENIED';
  /** The last auth reply, for SelectedFactor action 'restorelastaction'. */
  lastReply?: Record<string, unknown>;
  otp?: { credId: string; credType: CredType; code: string; expiresAt: number };
  /** The outstanding WebAuthn authentication challenge of this transaction. */
  fidoChallenge?: {
    challenge: string;
    credType: CredType;
    expiresAt: number;
    /** Asked with no user known (passkey autofill): the credential's userHandle names the user. */
    discoverable?: boolean;
  };
  /** Set by the IdP page once the user continued there. */
  idpUserName?: string;
  /**
   * Identity-provider discovery: the factor code (e.g. 'IDP/corp') of the provider the relying
   * party named; the provider says who the user is.
   */
  idpDiscovery?: string;
  /** The SSO session that answered this transaction (its user, all steps done). */
  ssoSessionId?: string;
  passwordChangeRequired?: boolean;
  /** The authenticate request's rememberMe: only then does a full sign-in trust the device. */
  rememberMe?: boolean;
  /** The trusted device of this sign-in: recognised from the request's trustedDeviceID, or issued at AUTH_ALLOWED. */
  trustedDevice?: { id: string; expiryDays: number };
}

export function newTransaction(now: number, ttlMs: number, oauth2: boolean): Transaction {
  return {
    flowStateId: randomUUID(),
    flowState: randomBytes(32).toString('base64url'),
    createdAt: now,
    expiresAt: now + ttlMs,
    oauth2,
    stepIndex: 0,
    completed: false,
  };
}
