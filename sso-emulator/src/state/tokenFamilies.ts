import { randomUUID } from 'node:crypto';

/** Why a family's tokens stopped working. */
export type FamilyEnd = 'reuse' | 'revoked' | 'lifetime';

/**
 * Every token issued from one sign-in (the id_token exchange) and its refreshes: a real SSO's
 * "refresh token family". Only the newest refresh token redeems; presenting a retired one
 * means it was copied, so the whole family is revoked (RFC 9700 section 4.14.2).
 */
export interface TokenFamily {
  id: string;
  userName: string;
  /** The sign-in, epoch ms (emulator clock). */
  startedAt: number;
  /** The absolute end of refreshing, epoch ms: startedAt + the session lifetime. */
  endsAt: number;
  /** The refresh token that redeems now (its jti); null once the family ended. */
  currentRefreshJti: string | null;
  /** Refresh tokens already redeemed (jti → token, the token kept for the dev API only). */
  retired: Map<string, string>;
  /** Every token issued in the family, newest last (dev API). */
  issued: { kind: 'access' | 'refresh' | 'id'; jti: string; token: string }[];
  ended?: FamilyEnd;
}

export class TokenFamilies {
  private readonly families = new Map<string, TokenFamily>();

  start(userName: string, now: number, lifetimeMs: number): TokenFamily {
    const family: TokenFamily = {
      id: randomUUID(),
      userName,
      startedAt: now,
      endsAt: now + lifetimeMs,
      currentRefreshJti: null,
      retired: new Map(),
      issued: [],
    };
    this.families.set(family.id, family);
    return family;
  }

  get(id: string): TokenFamily | undefined {
    return this.families.get(id);
  }

  /** True when tokens of this family must no longer be accepted. */
  isEnded(id: string): boolean {
    return this.families.get(id)?.ended !== undefined;
  }

  end(family: TokenFamily, why: FamilyEnd): void {
    family.ended ??= why;
    family.currentRefreshJti = null;
  }

  list(): readonly TokenFamily[] {
    return [...this.families.values()];
  }

  clear(): void {
    this.families.clear();
  }
}
