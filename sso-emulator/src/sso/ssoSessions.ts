import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { SSO_SESSION_TTL_MS, type SsoSession } from '../state/ssoSessions.js';
import { ssoCookie, ssoSessionIdFrom } from './ssoCookie.js';

/** The live SSO session the request's cookie names, if any (an expired one is forgotten). */
export function liveSsoSession(ctx: EmulatorContext, request: FastifyRequest): SsoSession | undefined {
  const id = ssoSessionIdFrom(request);
  const session = id ? ctx.state.ssoSessions.get(id) : undefined;
  if (!session) return undefined;
  if (session.expiresAt <= ctx.state.clock.now()) {
    ctx.state.ssoSessions.delete(session.id);
    return undefined;
  }
  const user = ctx.state.findUser(session.userName);
  return user && user.status === 'ACTIVE' ? session : undefined;
}

/**
 * After a completed oauth2 sign-in: the session this sign-in was answered from, when it is still
 * live and of this user; otherwise a new one with a fresh random id, and the session the browser
 * held before is ended (one session per browser, never an id the browser brought along).
 * Returns the session and its Set-Cookie header.
 */
export function sessionAfterSignIn(
  ctx: EmulatorContext,
  request: FastifyRequest,
  userName: string,
  usedSessionId: string | undefined,
): { session: SsoSession; setCookie: string } {
  const now = ctx.state.clock.now();
  const previous = liveSsoSession(ctx, request);
  let session: SsoSession;
  if (previous && previous.id === usedSessionId && previous.userName === userName) {
    session = previous;
  } else {
    if (previous) ctx.state.ssoSessions.delete(previous.id);
    session = {
      id: randomBytes(32).toString('base64url'),
      userName,
      createdAt: now,
      expiresAt: now + SSO_SESSION_TTL_MS,
    };
    ctx.state.ssoSessions.set(session.id, session);
  }
  const secure = new URL(ctx.config.publicUrl).protocol === 'https:';
  return { session, setCookie: ssoCookie(session.id, session.expiresAt - now, secure) };
}
