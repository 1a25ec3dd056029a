import type { FastifyRequest } from 'fastify';

/** The limit that refused a request (metrics count refusals by limit once the reply is sent). */
const refusals = new WeakMap<FastifyRequest, string>();

export function noteRefusal(request: FastifyRequest, limit: string): void {
  refusals.set(request, limit);
}

export function refusalOf(request: FastifyRequest): string | undefined {
  return refusals.get(request);
}
