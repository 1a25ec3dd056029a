import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RefreshTokenCustody } from './custody/refreshTokenCustody.js';
import { jwtSubject } from './jwtSubject.js';
import type { SsoCallResult, SsoTokenClient } from './ssoTokenClient.js';
import { type PageTokens, pageTokens, UserTokenReplySchema } from './tokenSchemas.js';

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * A sign-in's id_token exchanged for user tokens (jwt-bearer grant, server to server with the
 * client secret): the refresh token goes into a new sealed cookie, the page gets the access token,
 * its expiry and the new sign-in's handle, never the id_token. The sign-in the page held before
 * (its handle came with the call) is revoked at the SSO and its cookie cleared; for the same user
 * the new cookie keeps its start. Used by POST /v1/token/generate/user_token and by the proxy,
 * which exchanges the id_token of an AUTH_ALLOWED reply itself.
 */
export async function exchangeSignIn(
  deps: { sso: SsoTokenClient; custody: RefreshTokenCustody },
  request: FastifyRequest,
  reply: FastifyReply,
  assertion: string,
  previousHandle: string | undefined,
): Promise<SsoCallResult<PageTokens>> {
  const { sso, custody } = deps;
  const result = await sso.token({ grant_type: JWT_BEARER_GRANT, assertion }, UserTokenReplySchema);
  if (result.kind !== 'ok') return result;
  const previous = previousHandle === undefined ? undefined : custody.held(request, previousHandle);
  const toRevoke: string[] = [];
  let handle: string | undefined;
  if (result.value.refresh_token !== undefined) {
    const begun = custody.begin(request, reply, result.value.refresh_token, {
      user: jwtSubject(assertion),
      ...(previous?.ok ? { previous } : {}),
    });
    handle = begun.handle;
    toRevoke.push(...begun.dropped);
  }
  if (previous?.ok) {
    custody.forget(reply, previous.cookie);
    toRevoke.push(previous.token);
  } else if (previous?.clear !== undefined) {
    custody.forget(reply, previous.clear);
  }
  // A replaced or dropped sign-in ends at the SSO too; its failure leaves the new sign-in standing.
  const revoked = await Promise.all(toRevoke.map((token) => sso.revoke(token)));
  for (const outcome of revoked) {
    if (outcome.kind !== 'ok')
      request.log.warn({ outcome: outcome.kind }, 'replaced sign-in not revoked at the SSO');
  }
  return { kind: 'ok', value: pageTokens(result.value, handle) };
}
