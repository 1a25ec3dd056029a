import { randomUUID } from 'node:crypto';
import {
  type CryptoKey,
  errors as joseErrors,
  generateKeyPair,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import * as v from 'valibot';
import type { EmulatorConfig } from '../config.js';
import type { EmulatorState } from '../state/emulatorState.js';

export type TokenKind = 'client' | 'access' | 'refresh' | 'id';

const ClaimsSchema = v.object({
  sub: v.string(),
  jti: v.string(),
  kind: v.picklist(['client', 'access', 'refresh', 'id']),
  exp: v.number(),
  name: v.optional(v.string()),
  scope: v.optional(v.string()),
  /** The token family (state/tokenFamilies) of user tokens issued from a sign-in. */
  fam: v.optional(v.string()),
});
export type TokenClaims = v.InferOutput<typeof ClaimsSchema>;

const ALG = 'ES256';

/** Signs and verifies the emulator's JWTs (ES256, key generated per process) on the emulator's clock. */
export class TokenService {
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    private readonly config: EmulatorConfig,
    private readonly state: EmulatorState,
  ) {}

  static async create(config: EmulatorConfig, state: EmulatorState): Promise<TokenService> {
    const { privateKey, publicKey } = await generateKeyPair(ALG);
    return new TokenService(privateKey, publicKey, config, state);
  }

  get issuer(): string {
    return `${this.config.publicUrl}/${this.config.tenant}/`;
  }

  async sign(
    kind: TokenKind,
    sub: string,
    ttlSeconds: number,
    extra: JWTPayload = {},
  ): Promise<{ token: string; jti: string }> {
    const now = this.state.clock.nowSeconds();
    const jti = randomUUID();
    const token = await new SignJWT({ ...extra, kind })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(this.config.clientId)
      .setSubject(sub)
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.privateKey);
    return { token, jti };
  }

  /** Verifies signature, issuer, expiry (emulator clock), kind and revocation (its own or its family's); null when unusable. */
  async verify(token: string, kinds: readonly TokenKind[]): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: this.issuer,
        audience: this.config.clientId,
        currentDate: this.state.clock.date(),
        algorithms: [ALG],
      });
      const claims = v.safeParse(ClaimsSchema, payload);
      if (!claims.success || !kinds.includes(claims.output.kind)) return null;
      if (this.state.revokedTokenIds.has(claims.output.jti)) return null;
      if (claims.output.fam !== undefined && this.state.tokenFamilies.isEnded(claims.output.fam)) return null;
      return claims.output;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
