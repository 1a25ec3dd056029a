import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { PushContext } from '../state/pushes.js';
import type { Transaction } from '../state/transactions.js';

const LOCAL = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|fc|fd|fe80:)/i;

/**
 * The sign-in's context a number-matching push shows (issue 27): where the request came from and
 * which application the user is signing in to. The emulator locates no address: a local one is
 * 'Local network', any other is shown as it is (a real SSO names a city).
 */
export function pushContextOf(request: FastifyRequest, tx: Transaction): PushContext {
  const address = request.ip.replace(/^::ffff:/, '');
  const location =
    isIP(address) && LOCAL.test(address) ? `Local network (${address})` : `Internet address ${address}`;
  return { location, application: tx.oauth2 ? 'Emulator relying party' : 'Authentication Hub' };
}
