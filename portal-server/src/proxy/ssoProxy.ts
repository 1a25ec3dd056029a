import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errorReply.js';
import {
  carriesSignInTokens,
  custodyOfSignInReply,
  type ProxiedSignInDeps,
} from '../tokens/proxiedSignIn.js';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './proxyHeaders.js';
import { decideProxyRequest, replyContentType } from './proxyRules.js';
import { PROXY_PREFIX, proxyTarget } from './proxyTarget.js';
import { MAX_PROXIED_REPLY_BYTES, readReply, replyContent } from './replyTokens.js';

export interface SsoProxyOptions {
  ssoBaseUrl: string;
  /**
   * Time allowed for the SSO's response headers, and for any silence while streaming; also the
   * time the browser has to send its whole request body.
   */
  timeoutMs: number;
  /** Largest request body passed on (bytes); a larger one gets 413. */
  bodyLimitBytes: number;
  /** Takes id_tokens and refresh tokens out of sign-in replies (tokens/proxiedSignIn.ts). */
  signIn: ProxiedSignInDeps;
}

class UpstreamTimeout extends Error {
  override name = 'UpstreamTimeout';
}

class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

class SlowRequest extends Error {
  override name = 'SlowRequest';
}

/** An empty reply (no body) needs no content type. */
function isEmptyReply(statusCode: number | undefined, headers: http.IncomingHttpHeaders): boolean {
  return statusCode === 204 || statusCode === 304 || headers['content-length'] === '0';
}

/**
 * Streams one request to the SSO; reads its reply whole (a few KB), takes any refresh token out of
 * it, and sends it on; resolves once the reply is sent.
 */
function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  target: URL,
  rule: Parameters<typeof replyContentType>[0],
  options: SsoProxyOptions,
): Promise<void> {
  return new Promise((resolve) => {
    const { timeoutMs, bodyLimitBytes } = options;
    const transport = target.protocol === 'https:' ? https : http;
    const upstream = transport.request(target, {
      method: request.method,
      headers: upstreamRequestHeaders(request.headers),
    });
    // The SSO's time to answer starts once it has the whole request.
    let headersTimer: ReturnType<typeof setTimeout> | undefined;
    upstream.setTimeout(timeoutMs, () => upstream.destroy(new UpstreamTimeout()));
    // A body dripped slower than the whole allowance holds a connection here and upstream.
    const bodyTimer = setTimeout(() => upstream.destroy(new SlowRequest()), timeoutMs);
    const bodyDone = () => {
      clearTimeout(bodyTimer);
      headersTimer ??= setTimeout(() => upstream.destroy(new UpstreamTimeout()), timeoutMs);
    };
    if (request.raw.complete) bodyDone();
    else request.raw.on('end', bodyDone);

    upstream.on('response', (response) => {
      clearTimeout(headersTimer);
      const contentType = replyContentType(rule, response.headers['content-type']);
      if (contentType === undefined && !isEmptyReply(response.statusCode, response.headers)) {
        response.resume();
        request.log.warn(
          { upstream: `${target.origin}${target.pathname}`, contentType: response.headers['content-type'] },
          'proxy refused a reply that is neither JSON nor text',
        );
        sendError(reply, 502, 'PORTAL_UPSTREAM_CONTENT', 'The sign-in service sent an unexpected reply');
        resolve();
        return;
      }
      const headers = downstreamResponseHeaders(response.headers);
      if (contentType !== undefined) headers['content-type'] = contentType;
      readReply(response, MAX_PROXIED_REPLY_BYTES).then(
        async (body) => {
          if (reply.sent) return resolve(); // the SSO failed meanwhile and its error went out
          const content = replyContent(body, response.headers['content-encoding']);
          if (content.kind === 'unreadable') {
            request.log.warn(
              {
                upstream: `${target.origin}${target.pathname}`,
                encoding: response.headers['content-encoding'],
              },
              'proxy refused a reply in an encoding it cannot read',
            );
            sendError(reply, 502, 'PORTAL_UPSTREAM_CONTENT', 'The sign-in service sent an unexpected reply');
          } else if (content.kind === 'object' && carriesSignInTokens(content.value)) {
            // A sign-in reply: its id_token and refresh token never reach the page.
            const status = response.statusCode ?? 502;
            const { 'content-encoding': _encoding, ...plainHeaders } = headers;
            const safe = await custodyOfSignInReply(options.signIn, request, reply, content.value, status);
            if (safe !== undefined) {
              reply
                .code(status)
                .headers(plainHeaders)
                .header('content-type', 'application/json; charset=utf-8')
                .send(JSON.stringify(safe));
            }
          } else {
            reply
              .code(response.statusCode ?? 502)
              .headers(headers)
              .send(body);
          }
          resolve();
        },
        (error: unknown) => {
          if (!reply.sent) {
            request.log.warn(
              { upstream: `${target.origin}${target.pathname}`, reason: String(error) },
              'proxy could not read the reply',
            );
            sendError(reply, 502, 'PORTAL_UPSTREAM', 'The sign-in service sent an unexpected reply');
          }
          resolve();
        },
      );
    });

    upstream.on('error', (error) => {
      clearTimeout(headersTimer);
      clearTimeout(bodyTimer);
      if (reply.sent) return; // mid-stream: Fastify closes the connection
      request.log.warn(
        { upstream: `${target.origin}${target.pathname}`, reason: error.message },
        'proxy failed',
      );
      if (error instanceof BodyTooLarge) {
        // The rest of the body is not read: the connection cannot be reused.
        reply.header('connection', 'close');
        sendError(reply, 413, 'PORTAL_BODY_TOO_LARGE', 'The request body is too large');
      } else if (error instanceof SlowRequest) {
        reply.header('connection', 'close');
        sendError(reply, 408, 'PORTAL_REQUEST_TIMEOUT', 'The request body did not arrive in time');
      } else if (error instanceof UpstreamTimeout) {
        sendError(reply, 504, 'PORTAL_UPSTREAM_TIMEOUT', 'The sign-in service did not answer in time');
      } else {
        sendError(reply, 502, 'PORTAL_UPSTREAM', 'The sign-in service is unreachable');
      }
      resolve();
    });

    // The browser gave up: stop the upstream exchange too.
    request.raw.on('close', () => {
      clearTimeout(bodyTimer);
      if (!request.raw.complete) upstream.destroy();
    });
    request.raw.on('error', () => upstream.destroy());
    let received = 0;
    request.raw.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > bodyLimitBytes) {
        request.raw.unpipe(upstream);
        upstream.destroy(new BodyTooLarge());
      }
    });
    request.raw.pipe(upstream);
  });
}

/** The declared body length, when the request says it has one. */
function declaredLength(request: FastifyRequest): number | undefined {
  const value = request.headers['content-length'];
  return value === undefined ? undefined : Number(value);
}

/**
 * /common/portal/proxy/* → {SSO_BASE_URL}*: only the spec's calls with their methods and body types
 * (proxyRules.ts), bodies streamed both ways up to a limit, JSON or text replies only.
 */
export async function registerSsoProxy(app: FastifyInstance, options: SsoProxyOptions): Promise<void> {
  await app.register(async (scope) => {
    // Leave bodies unread so they can be streamed upstream as they arrive.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all(`${PROXY_PREFIX}*`, async (request, reply) => {
      const rawUrl = request.raw.url ?? '';
      const rawPath = rawUrl.slice(PROXY_PREFIX.length).split('?')[0] ?? '';
      const length = declaredLength(request);
      const hasBody =
        (length !== undefined && length > 0) || request.headers['transfer-encoding'] !== undefined;
      const decision = decideProxyRequest(request.method, rawPath, request.headers['content-type'], hasBody);
      if (!decision.ok) {
        if (decision.allow) reply.header('allow', decision.allow);
        return sendError(reply, decision.status, decision.code, decision.message);
      }
      if (length !== undefined && length > options.bodyLimitBytes) {
        return sendError(reply, 413, 'PORTAL_BODY_TOO_LARGE', 'The request body is too large');
      }
      const target = proxyTarget(options.ssoBaseUrl, rawUrl);
      if (!target) return sendError(reply, 400, 'PORTAL_INVALID_REQUEST', 'Invalid proxy path');
      await forward(request, reply, target, decision.rule, options);
      return reply;
    });
  });
}
