import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROXY_PREFIX } from '../proxy/proxyTarget.js';

/** Route families by path prefix (the first that matches): a bounded label, never a raw URL. */
const FAMILIES: readonly (readonly [prefix: string, family: string])[] = [
  ['/healthz', 'health'],
  ['/readyz', 'health'],
  ['/metrics', 'metrics'],
  [PROXY_PREFIX, 'proxy'],
  ['/v1/token/', 'token'],
  ['/v1/config/', 'config'],
  ['/v1/beacon', 'beacon'],
  ['/v1/audit/', 'audit_events'],
  ['/csp-report', 'csp_report'],
  ['/remotes.json', 'remotes_json'],
  ['/remotes/', 'remote_files'],
  ['/emea-cookies', 'page'],
];

/**
 * The family of the route that answered: the path prefix of its pattern, 'page' for the host's
 * HTML pages, 'host_files' for its other files, 'not_found' for what no route matched.
 */
export function routeFamily(request: FastifyRequest, reply: FastifyReply): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return 'not_found';
  for (const [prefix, family] of FAMILIES) if (pattern.startsWith(prefix)) return family;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html') ? 'page' : 'host_files';
}

/** The family of a proxied call: its path under the SSO base, credential ids left out. */
export function proxyCallFamily(rawPath: string, specCall: boolean): string {
  if (!specCall) return 'contributed';
  return rawPath.startsWith('factor/v1/MeCreds/') ? 'factor/v1/MeCreds/{credId}' : rawPath;
}
