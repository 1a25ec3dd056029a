import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { FaultRegistry } from './faults.js';

/** Applies armed faults to tenant calls: delay, then an expired-token 401 or a chosen status and body. */
export function registerFaultHook(app: FastifyInstance, tenant: string, faults: FaultRegistry): void {
  const prefix = `/${tenant}/`;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith(prefix) || request.method === 'OPTIONS') return;
    const fault = faults.take(path.slice(prefix.length), request.method, 'response');
    if (!fault) return;
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.expiredToken) {
      return reply.code(401).send({ errorCode: '0000005', errorMessage: 'invalid access token' });
    }
    if (fault.status === undefined && fault.body === undefined) return;
    reply.code(fault.status ?? 200).type('application/json; charset=utf-8');
    if (fault.body === null) return reply.send('null');
    if (fault.body === 'malformed') return reply.send('{"nextaction": "AUTH_ALLOWED", "flowSt');
    return reply.send(JSON.stringify(fault.body ?? { errorCode: '0000999', errorMessage: 'Injected fault' }));
  });
}
