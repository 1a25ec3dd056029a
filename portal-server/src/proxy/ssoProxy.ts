import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errorReply.js';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './proxyHeaders.js';
import { PROXY_PREFIX, proxyTarget } from './proxyTarget.js';

export interface SsoProxyOptions {
  ssoBaseUrl: string;
  /** Time allowed for the SSO's response headers, and for any silence while streaming. */
  timeoutMs: number;
}

class UpstreamTimeout extends Error {
  override name = 'UpstreamTimeout';
}

/** Streams one request to the SSO and its reply back; resolves once the reply is under way. */
function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  target: URL,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve) => {
    const transport = target.protocol === 'https:' ? https : http;
    const upstream = transport.request(target, {
      method: request.method,
      headers: upstreamRequestHeaders(request.headers),
    });
    const headersTimer = setTimeout(() => upstream.destroy(new UpstreamTimeout()), timeoutMs);
    upstream.setTimeout(timeoutMs, () => upstream.destroy(new UpstreamTimeout()));

    upstream.on('response', (response) => {
      clearTimeout(headersTimer);
      reply.code(response.statusCode ?? 502).headers(downstreamResponseHeaders(response.headers));
      reply.send(response);
      resolve();
    });

    upstream.on('error', (error) => {
      clearTimeout(headersTimer);
      if (reply.sent) return; // mid-stream: Fastify closes the connection
      const timedOut = error instanceof UpstreamTimeout;
      request.log.warn(
        { upstream: `${target.origin}${target.pathname}`, reason: error.message },
        'proxy failed',
      );
      if (timedOut) {
        sendError(reply, 504, 'PORTAL_UPSTREAM_TIMEOUT', 'The sign-in service did not answer in time');
      } else {
        sendError(reply, 502, 'PORTAL_UPSTREAM', 'The sign-in service is unreachable');
      }
      resolve();
    });

    // The browser gave up: stop the upstream exchange too.
    request.raw.on('close', () => {
      if (!request.raw.complete) upstream.destroy();
    });
    request.raw.on('error', () => upstream.destroy());
    request.raw.pipe(upstream);
  });
}

/** /common/portal/proxy/* → {SSO_BASE_URL}*, every method, bodies streamed both ways. */
export async function registerSsoProxy(app: FastifyInstance, options: SsoProxyOptions): Promise<void> {
  await app.register(async (scope) => {
    // Leave bodies unread so they can be streamed upstream as they arrive.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all(`${PROXY_PREFIX}*`, async (request, reply) => {
      const target = proxyTarget(options.ssoBaseUrl, request.raw.url ?? '');
      if (!target) return sendError(reply, 400, 'PORTAL_INVALID_REQUEST', 'Invalid proxy path');
      await forward(request, reply, target, options.timeoutMs);
      return reply;
    });
  });
}
