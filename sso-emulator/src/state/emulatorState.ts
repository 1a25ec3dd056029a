import type { EmulatorConfig } from '../config.js';
import { DEFAULT_OPTION_PLACEMENT, type OptionPlacement } from '../fido/optionsPlacement.js';
import { Clock } from './clock.js';
import { instantiateUser, loadFixtures } from './fixtures.js';
import type { Credential, CredType, Fixtures, User } from './model.js';
import type { OutboxEntry } from './outbox.js';
import type { PushRequest } from './pushes.js';
import type { SsoSession } from './ssoSessions.js';
import { RecoveryCodeLockout } from '../factors/recoveryCodeLockout.js';
import { StepUpGrants } from '../selfservice/stepUpGrants.js';
import { DEFAULT_SETTINGS, type EmulatorSettings } from './settings.js';
import type { Transaction } from './transactions.js';
import { TokenFamilies } from './tokenFamilies.js';
import { TrustedDevices } from './trustedDevices.js';

/** All mutable emulator state; `reset()` restores the fixtures and clears everything else. */
export class EmulatorState {
  readonly clock = new Clock();
  readonly users = new Map<string, User>();
  readonly transactions = new Map<string, Transaction>();
  readonly outbox: OutboxEntry[] = [];
  readonly pushes = new Map<string, PushRequest>();
  readonly revokedTokenIds = new Set<string>();
  /** Tokens by sign-in: refresh rotation, reuse detection, the absolute session lifetime. */
  readonly tokenFamilies = new TokenFamilies();
  /** Codes sent by OTPRegistrar, by credId, until OTPVerifier confirms the new credential. */
  readonly registrationCodes = new Map<string, { code: string; expiresAt: number }>();
  /** Outstanding WebAuthn registration challenges, by user name. */
  readonly fidoRegistrations = new Map<
    string,
    {
      challenge: string;
      credType: CredType;
      deviceName: string;
      expiresAt: number;
      /** Asked for with mediation 'conditional' (an automatic passkey upgrade): no user verification. */
      conditional?: boolean;
    }
  >();
  /** One-time codes handed to the dev relying party at the end of an oauth2 flow. */
  readonly rpSessions = new Map<string, { userName: string; displayName: string; at: number }>();
  /** Browsers trusted after a full sign-in with Remember Me (the tdi- cookie holds the id). */
  readonly trustedDevices = new TrustedDevices();
  /** Test knob (POST /_emulator/api/token-lifetime): user access token lifetime instead of the configured one. */
  accessTokenTtlSeconds: number | undefined;
  /** Browsers' single-sign-on sessions, by the opaque id in their cookie. */
  readonly ssoSessions = new Map<string, SsoSession>();
  /** Step-up grants for deleting the last credential of a type (selfservice/stepUpGrants.ts). */
  readonly stepUpGrants = new StepUpGrants();
  /** Wrong recovery codes per user, and who is locked out (factors/recoveryCodeLockout.ts). */
  readonly recoveryCodeLockout = new RecoveryCodeLockout(this.clock);
  /** Dev-API switches (state/settings.ts). */
  readonly settings: EmulatorSettings = { ...DEFAULT_SETTINGS };
  /** Where the FIDO challenge replies carry the WebAuthn options (dev API `fido/placement`). */
  fidoOptionPlacement: OptionPlacement = DEFAULT_OPTION_PLACEMENT;
  private readonly fixtures: Fixtures;

  constructor(readonly config: EmulatorConfig) {
    this.fixtures = loadFixtures(config.fixturesPath);
    this.reset();
  }

  reset(): void {
    this.clock.offsetMs = 0;
    this.users.clear();
    for (const user of this.fixtures.users) this.users.set(user.userName, instantiateUser(user));
    this.transactions.clear();
    this.outbox.length = 0;
    this.pushes.clear();
    this.revokedTokenIds.clear();
    this.tokenFamilies.clear();
    this.registrationCodes.clear();
    this.fidoRegistrations.clear();
    this.rpSessions.clear();
    this.trustedDevices.clear();
    this.accessTokenTtlSeconds = undefined;
    this.ssoSessions.clear();
    this.stepUpGrants.clear();
    this.recoveryCodeLockout.clear();
    Object.assign(this.settings, DEFAULT_SETTINGS);
    this.fidoOptionPlacement = DEFAULT_OPTION_PLACEMENT;
  }

  findUser(userName: string): User | undefined {
    return this.users.get(userName.toLowerCase());
  }

  findCredential(user: User, credId: string): Credential | undefined {
    return user.credentials.find((c) => c.credId === credId);
  }

  nowIso(): string {
    return this.clock.date().toISOString();
  }
}
