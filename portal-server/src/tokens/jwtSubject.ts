import * as v from 'valibot';

const ClaimsSchema = v.object({ sub: v.pipe(v.string(), v.minLength(1), v.maxLength(512)) });

/**
 * The `sub` claim of a JWT, read without checking its signature: only ever called on an id_token
 * the SSO has just accepted in a jwt-bearer exchange, so the SSO vouched for it. undefined when
 * it is no JWT or has no subject.
 */
export function jwtSubject(jwt: string): string | undefined {
  const payload = jwt.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims = v.safeParse(ClaimsSchema, JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return claims.success ? claims.output.sub : undefined;
  } catch {
    return undefined;
  }
}
