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
import {
  type ContributedCall,
  decideProxyRequest,
  PROXY_RULES,
  replyContentType,
  type Rule,
} from './proxyRules.js';
import { PROXY_PREFIX, proxyTarget } from './proxyTarget.js';
import { replyContent } from './replyTokens.js';
import { readCappedReply } from './replySizeCap.js';
import {
  AUTHENTICATE_PATH,
  keepTrustedDevice,
  readBody,
  RequestBodyTooLarge,
  RequestBodyTooSlow,
  withTrustedDeviceId,
} from './trustedDeviceCookie.js';
import type { FlowUserStore } from './flowUsers.js';
import { UserAttemptLimit, userNamedIn } from './userAttemptLimit.js';

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
  /**
   * Anti-automation: calls per client address, and sign-in calls per user name (README), the
   * users of live flows remembered in `flows` (default: this process's memory).
   */
  rateLimit: {
    store: RateLimitStore;
    perAddress: RateLimitRule;
    perUser: RateLimitRule;
    flows?: FlowUserStore;
  };
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
  rule: Rule;
  users: UserAttemptLimit;
  /** The audit trail's reading of this call, started before the body flowed. */
  audited: ReturnType<ProxyAudit['observe']> | undefined;
  /**
   * A body read whole before the call went on (one that names its user, or an authenticate that
   * carries the trusted-device id); otherwise the body streams.
   */
  read: ReadRequest | undefined;
  /** The call's family for the metrics (its path, credential ids left out). */
  family: string;
}

/** A request body read whole before the call went on, and the user it names. */
interface ReadRequest {
  body: Buffer;
  /** The user its rule's field names (normalised), counted under and learned from. */
  namedUser: string | undefined;
  /** authenticate's subject: the user a reply on the trusted device is about. */
  subject: string | undefined;
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
  const { rule, audited, read } = call;
  return new Promise((resolve) => {
    const { timeoutMs, bodyLimitBytes } = options;
    const transport = target.protocol === 'https:' ? https : http;
    const headers = {
      ...upstreamRequestHeaders(request.headers),
      ...(options.forwardClientAddress ? clientAddressHeaders(request) : {}),
      // W3C trace context: the SSO's log lines and spans join the request's trace.
      ...outgoingTraceHeaders(),
    };
    if (read) headers['content-length'] = read.body.length;
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
    // A body read whole before is all here (a stream read to its end is not always marked complete).
    if (read || request.raw.complete) bodyDone();
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
          await call.users.learn(request, read?.namedUser, response.headers, content);
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
              ? keepTrustedDevice(content.value, request, reply, read?.subject)
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
    if (read) {
      upstream.end(read.body);
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
  const { store, perAddress, perUser, flows } = options.rateLimit;
  const users = new UserAttemptLimit(store, perUser, flows);
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
      const { rule } = decision;
      const readsWhole =
        hasBody &&
        (rule.userField !== undefined || (rawPath === AUTHENTICATE_PATH && options.keepsTrustedDevice()));
      // A streamed body is counted before it flows: no await between the audit's watcher starting
      // it and forward()'s pipe, or its first chunks would be lost.
      if (
        !readsWhole &&
        (await users.refused(request, reply, {
          countedPerUser: rule.countedPerUser === true,
          namedUser: undefined,
        }))
      )
        return reply;
      const audited = options.audit?.observe(request);
      let read: ReadRequest | undefined;
      if (readsWhole) {
        let body: Buffer;
        try {
          body = await readBody(request, options.bodyLimitBytes, options.timeoutMs);
        } catch (error) {
          // The rest of the body is not read: the connection cannot be reused.
          reply.header('connection', 'close');
          if (error instanceof RequestBodyTooLarge)
            return sendError(reply, 413, 'PORTAL_BODY_TOO_LARGE', 'The request body is too large');
          if (error instanceof RequestBodyTooSlow)
            return sendError(reply, 408, 'PORTAL_REQUEST_TIMEOUT', 'The request body did not arrive in time');
          throw error;
        }
        const namedUser = rule.userField === undefined ? undefined : userNamedIn(body, rule.userField);
        // Counted under the user the body names (authenticate's subject), read before the decision.
        if (await users.refused(request, reply, { countedPerUser: rule.countedPerUser === true, namedUser }))
          return reply;
        const isAuthenticate = rawPath === AUTHENTICATE_PATH;
        read = {
          body: isAuthenticate && options.keepsTrustedDevice() ? withTrustedDeviceId(request, body) : body,
          namedUser,
          subject: isAuthenticate ? namedUser : undefined,
        };
      }
      const family = proxyCallFamily(rawPath, PROXY_RULES.includes(decision.rule));
      const call = { rule, users, audited, read, family };
      await forward(request, reply, target, call, options);
      return reply;
    });
  });
}
