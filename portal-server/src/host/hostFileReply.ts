import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hostCacheControl } from '../static/cachePolicy.js';
import type { HostRelease } from './hostRelease.js';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** The encodings the request accepts (q > 0), from Accept-Encoding. */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) names.add(name);
  }
  return names;
}

/**
 * Sends one file of a checked host release from memory, as @fastify/static sends HOST_DIST: its
 * .br, else its .gz copy when the browser takes it, the host's cache policy (hashed names
 * immutable, index.html no-store, anything else revalidated).
 */
export function sendHostFile(request: FastifyRequest, reply: FastifyReply, build: HostRelease, name: string) {
  const encodings = accepted(request.headers['accept-encoding']);
  const encoding = (['br', 'gzip'] as const).find(
    (candidate) => encodings.has(candidate) && build.files.has(`${name}.${candidate === 'br' ? 'br' : 'gz'}`),
  );
  const body = encoding
    ? build.files.get(`${name}.${encoding === 'br' ? 'br' : 'gz'}`)
    : build.files.get(name);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .header('cache-control', hostCacheControl(name))
    .header('vary', 'accept-encoding')
    .type(CONTENT_TYPES[path.posix.extname(name)] ?? 'application/octet-stream')
    .send(body);
}
