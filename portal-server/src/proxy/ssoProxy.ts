import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProxyAudit } from '../audit/proxyAudit.js';
import { sendError } from '../http/errorReply.js';
import { type RateLimitRule, rateLimitHook } from '../rateLimit/rateLimit.js';
import type { RateLimitStore } from '../rateLimit/rateLimitStore.js';
import {
  carriesSignInTokens,
  custodyOfSignInReply,
  type ProxiedSignInDeps,
} from '../tokens/proxiedSignIn.js';
import { proxyCallFamily } from '../metrics/routeFamily.js';
import { outgoingTraceHeaders } from '../tracing/requestTrace.js';
import { clientAddressHeaders } from './clientAddressHeaders.js';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './proxyHeaders.js';
import { type ContributedCall, decideProxyRequest, PROXY_RULES, replyContentType } from './proxyRules.js';
import { PROXY_PREFIX, proxyTarget } from './proxyTarget.js';
import { replyContent } from './replyTokens.js';
import { readCappedReply } from './replySizeCap.js';
import {
  AUTHENTICATE_PATH,
  type AuthenticateRequest,
  keepTrustedDevice,
  RequestBodyTooLarge,
  withTrustedDeviceId,
} from './trustedDeviceCookie.js';
import { type AttemptContext, UserAttemptLimit } from './userAttemptLimit.js';

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
  /** The SSO calls live remotes contribute (contributedCalls.ts), passed beside the spec's. */
  contributedCalls?: () => Promise<readonly ContributedCall[]>;
  /**
   * TRUST_PROXY is set: the client address is known, and goes to the SSO in X-Forwarded-For and
   * Forwarded (clientAddressHeaders.ts). Otherwise neither is sent.
   */
  forwardClientAddress: boolean;
  /** Anti-automation: calls per client address, and sign-in calls per user name (README). */
  rateLimit: { store: RateLimitStore; perAddress: RateLimitRule; perUser: RateLimitRule };
  /** The audit trail's reading of sign-in and self-service replies (src/audit/). */
  audit?: Pick<ProxyAudit, 'observe'>;
  /**
   * The page's calls come through here (the service URL is this proxy): the trusted-device id is
   * kept in an HttpOnly cookie and attached here (trustedDeviceCookie.ts), never shown to the page.
   */
  keepsTrustedDevice: () => boolean;
  /** Metrics: each call's family, the SSO's status (0: no answer) and its time (seconds). */
  observeSsoCall?: SsoCallObserver | undefined;
}

/** Told of every call made to the SSO once it ended (metrics). */
export type SsoCallObserver = (call: string, status: number, seconds: number) => void;

/** What forward() needs besides the options: the rule that admitted the call and its user-limit context. */
interface ForwardedCall {
  rule: Parameters<typeof replyContentType>[0];
  attempt: AttemptContext;
  users: UserAttemptLimit;
  /** The audit trail's reading of this call, started before the body flowed. */
  audited: ReturnType<ProxyAudit['observe']> | undefined;
  /** An authenticate request read whole to carry the trusted-device id; otherwise the body streams. */
  authenticate: AuthenticateRequest | undefined;
  /** The call's family for the metrics (its path, credential ids left out). */
  family: string;
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
  call: ForwardedCall,
  options: SsoProxyOptions,
): Promise<void> {
  const { rule, audited, authenticate } = call;
  return new Promise((resolve) => {
    const { timeoutMs, bodyLimitBytes } = options;
    const transport = target.protocol === 'https:' ? https : http;
    const headers = {
      ...upstreamRequestHeaders(request.headers),
      ...(options.forwardClientAddress ? clientAddressHeaders(request) : {}),
      // W3C trace context: the SSO's log lines and spans join the request's trace.
      ...outgoingTraceHeaders(),
    };
    if (authenticate) headers['content-length'] = authenticate.body.length;
    const started = performance.now();
    let observed = false;
    const observe = (status: number) => {
      if (observed) return;
      observed = true;
      options.observeSsoCall?.(call.family, status, (performance.now() - started) / 1000);
    };
    const upstream = transport.request(target, { method: request.method, headers });
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
        observe(response.statusCode ?? 0);
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
      readCappedReply(response).then(
        async (body) => {
          observe(response.statusCode ?? 0);
          if (reply.sent) return resolve(); // the SSO failed meanwhile and its error went out
          const content = replyContent(body, response.headers['content-encoding']);
          call.users.learn(request, call.attempt, response.headers, content);
          audited?.(response.statusCode ?? 502, content);
          if (content.kind === 'unreadable') {
            request.log.warn(
              {
                upstream: `${target.origin}${target.pathname}`,
                encoding: response.headers['content-encoding'],
              },
              'proxy refused a reply in an encoding it cannot read',
            );
            sendError(reply, 502, 'PORTAL_UPSTREAM_CONTENT', 'The sign-in service sent an unexpected reply');
          } else if (
            content.kind === 'object' &&
            (carriesSignInTokens(content.value) || options.keepsTrustedDevice())
          ) {
            // A sign-in reply: its id_token and refresh token never reach the page (tokens/
            // proxiedSignIn.ts); the trusted-device id goes into its HttpOnly cookie likewise.
            const status = response.statusCode ?? 502;
            const { 'content-encoding': _encoding, ...plainHeaders } = headers;
            const value = options.keepsTrustedDevice()
              ? keepTrustedDevice(content.value, request, reply, authenticate?.subject)
              : content.value;
            const safe = carriesSignInTokens(value)
              ? await custodyOfSignInReply(options.signIn, request, reply, value, status)
              : value;
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
          observe(response.statusCode ?? 0);
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
      observe(0);
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
    if (authenticate) {
      upstream.end(authenticate.body);
      return;
    }
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
  const { store, perAddress, perUser } = options.rateLimit;
  const users = new UserAttemptLimit(store, perUser);
  await app.register(async (scope) => {
    // Counted before anything else is done: every proxied call, per client address (IPv6 by /64).
    scope.addHook('onRequest', rateLimitHook(store, perAddress));
    // Leave bodies unread so they can be streamed upstream as they arrive.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all(`${PROXY_PREFIX}*`, async (request, reply) => {
      const rawUrl = request.raw.url ?? '';
      const rawPath = rawUrl.slice(PROXY_PREFIX.length).split('?')[0] ?? '';
      const length = declaredLength(request);
      const hasBody =
        (length !== undefined && length > 0) || request.headers['transfer-encoding'] !== undefined;
      const contentType = request.headers['content-type'];
      let decision = decideProxyRequest(request.method, rawPath, contentType, hasBody);
      // Not one of the spec's calls: perhaps one a live remote contributes (its screens' own).
      if (!decision.ok && decision.code === 'PORTAL_NOT_PROXIED' && options.contributedCalls) {
        const calls = await options.contributedCalls();
        decision = decideProxyRequest(request.method, rawPath, contentType, hasBody, calls);
      }
      if (!decision.ok) {
        if (decision.allow) reply.header('allow', decision.allow);
        return sendError(reply, decision.status, decision.code, decision.message);
      }
      if (length !== undefined && length > options.bodyLimitBytes) {
        return sendError(reply, 413, 'PORTAL_BODY_TOO_LARGE', 'The request body is too large');
      }
      const target = proxyTarget(options.ssoBaseUrl, rawUrl);
      if (!target) return sendError(reply, 400, 'PORTAL_INVALID_REQUEST', 'Invalid proxy path');
      if (await users.refused(request, reply, rawPath)) return reply;
      // No await between watching and reading the body (the authenticate read below, or forward()'s
      // pipe): the watchers copy the body's chunks as they are read, and starting them starts it.
      const attempt = users.watch(request, rawPath);
      const audited = options.audit?.observe(request);
      let authenticate: AuthenticateRequest | undefined;
      if (rawPath === AUTHENTICATE_PATH && hasBody && options.keepsTrustedDevice()) {
        try {
          authenticate = await withTrustedDeviceId(request, options.bodyLimitBytes);
        } catch (error) {
          if (!(error instanceof RequestBodyTooLarge)) throw error;
          reply.header('connection', 'close');
          return sendError(reply, 413, 'PORTAL_BODY_TOO_LARGE', 'The request body is too large');
        }
      }
      const family = proxyCallFamily(rawPath, PROXY_RULES.includes(decision.rule));
      const call = { rule: decision.rule, attempt, users, audited, authenticate, family };
      await forward(request, reply, target, call, options);
      return reply;
    });
  });
}
