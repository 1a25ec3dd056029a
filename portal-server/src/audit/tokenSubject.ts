import * as v from 'valibot';

const ClaimsSchema = v.looseObject({ sub: v.pipe(v.string(), v.minLength(1), v.maxLength(256)) });

/**
 * The `sub` claim of a JWT, read without checking the signature: only for the user key of an
 * event about a token the SSO has just accepted (a signed-in call it answered with success) or
 * that this server sealed itself (the refresh cookie). Undefined for an opaque token.
 */
export function tokenSubject(token: string | undefined): string | undefined {
  const payload = token?.split('.')[1];
  if (payload === undefined || payload.length > 8192) return undefined;
  try {
    const claims = v.safeParse(ClaimsSchema, JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return claims.success ? claims.output.sub : undefined;
  } catch {
    return undefined;
  }
}

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}
