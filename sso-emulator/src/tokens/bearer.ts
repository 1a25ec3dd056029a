import type { FastifyRequest } from 'fastify';
import { errors } from '../http/apiError.js';
import type { TokenClaims, TokenKind, TokenService } from './tokenService.js';

/** Reads `Authorization: Bearer <jwt>` and checks it; 401 errorCode 0000005 otherwise. */
export async function requireBearer(
  request: FastifyRequest,
  tokens: TokenService,
  kinds: readonly TokenKind[],
): Promise<TokenClaims> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const token = match?.[1];
  if (!token) throw errors.invalidAccessToken();
  const claims = await tokens.verify(token, kinds);
  if (!claims) throw errors.invalidAccessToken();
  return claims;
}

/** Client or user access token: the calls of the sign-in flow accept either. */
export const FLOW_TOKEN_KINDS: readonly TokenKind[] = ['client', 'access'];
export const USER_TOKEN_KINDS: readonly TokenKind[] = ['access'];
