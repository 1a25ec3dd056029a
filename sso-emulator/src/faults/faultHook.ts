import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Fault, FaultRegistry } from './faults.js';
import { changedReply, madeFromRealReply } from './hostileReplies.js';

/** Longest a 'hang' fault holds a reply when nobody clears the faults. */
const HANG_LIMIT_MS = 120_000;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Faults whose reply is made from the route's own reply, kept for the onSend hook. */
const pending = new WeakMap<FastifyRequest, Fault>();

/** Objects nested `depth` deep, built as text (a value that deep cannot be serialised by JSON.stringify). */
function deepText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function hang(reply: FastifyReply, faults: FaultRegistry): void {
  reply.hijack();
  let forget: () => void = () => undefined;
  const release = () => {
    clearTimeout(timer);
    forget();
    reply.raw.destroy();
  };
  const timer = setTimeout(release, HANG_LIMIT_MS);
  forget = faults.hold(release);
}

/** Answers a fault that does not need the route's reply; undefined lets the route run. */
function answer(request: FastifyRequest, reply: FastifyReply, fault: Fault, faults: FaultRegistry) {
  const hostile = fault.reply;
  if (hostile && madeFromRealReply(hostile)) {
    pending.set(request, fault);
    return undefined;
  }
  const status = fault.status ?? 200;
  const type = fault.contentType ?? JSON_TYPE;
  switch (hostile?.kind) {
    case 'abort':
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    case 'hang':
      hang(reply, faults);
      return reply;
    case 'empty':
      return reply.code(fault.status ?? 204).send();
    case 'json':
      return reply.code(status).type(type).send(JSON.stringify(hostile.value));
    case 'raw':
      return reply.code(status).type(type).send(hostile.text);
    case 'deep':
      return reply.code(status).type(type).send(deepText(hostile.depth));
    default:
      break;
  }
  if (fault.status === undefined && fault.body === undefined) return undefined;
  reply.code(status).type(JSON_TYPE);
  if (fault.body === null) return reply.send('null');
  if (fault.body === 'malformed') return reply.send('{"nextaction": "AUTH_ALLOWED", "flowSt');
  return reply.send(JSON.stringify(fault.body ?? { errorCode: '0000999', errorMessage: 'Injected fault' }));
}

/**
 * Applies armed faults to tenant calls: delay, then an expired-token 401, a chosen status and body,
 * or a hostile reply (faults.ts FaultReplySchema), served whole or made from the route's reply.
 */
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
    return answer(request, reply, fault, faults);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fault = pending.get(request);
    if (!fault?.reply) return payload;
    pending.delete(request);
    const text =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    if (fault.status !== undefined) reply.code(fault.status);
    if (fault.contentType !== undefined) reply.type(fault.contentType);
    const changed = changedReply(fault.reply, text);
    if (changed.header) reply.header(changed.header.name, changed.header.value);
    if (changed.cutAfter === undefined) {
      reply.removeHeader('content-length');
      return changed.text;
    }
    // Half the body, then the connection goes: the browser reads a truncated reply.
    reply.removeHeader('content-length');
    const head = changed.text.slice(0, changed.cutAfter);
    return new Readable({
      read() {
        this.push(head);
        setImmediate(() => this.destroy(new Error('fault: reply truncated')));
      },
    });
  });
}
