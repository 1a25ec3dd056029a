import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalServerConfig } from '../config.js';
import { contentSecurityPolicy } from './contentSecurityPolicy.js';
import { trustedTypesHeaders } from './trustedTypes.js';

/** The one page other sites may frame (the embedded cookie notice), and only from EMBED_ORIGINS. */
const EMBEDDABLE_PATHS = new Set(['/emea-cookies', '/emea-cookies/']);
export const CSP_REPORT_PATH = '/csp-report';
const REPORT_GROUP = 'csp-endpoint';

const STATIC_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy':
    'publickey-credentials-get=(self), publickey-credentials-create=(self), camera=(), microphone=(), geolocation=()',
} as const;

export interface SecurityHeadersOptions {
  config: PortalServerConfig;
  publicOrigin: () => string;
}

function requestPath(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

/** Adds the security headers to every response, including errors, static files and proxied replies. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const { config } = options;
  const apiOrigins = [
    new URL(config.ssoBaseUrl).origin,
    // The default service URL is this server's proxy, on 'self'.
    ...(config.serviceUrl ? [new URL(config.serviceUrl).origin] : []),
    ...(config.product.serviceOrigins ?? []),
    // DEV_REMOTES (development only): a dev server's live-reload socket.
    ...[...config.devRemotes.values()].map((manifest) => new URL(manifest).origin.replace(/^http/, 'ws')),
  ];
  const trustedTypes = trustedTypesHeaders(config.trustedTypes, {
    reportUri: CSP_REPORT_PATH,
    reportToGroup: REPORT_GROUP,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const origin = options.publicOrigin();
    const embeddable = EMBEDDABLE_PATHS.has(requestPath(request));
    reply.header(
      'content-security-policy',
      contentSecurityPolicy({
        // The pinned origins only: remotes.json never widens the policy.
        remoteOrigins: config.remoteOrigins.filter((remoteOrigin) => remoteOrigin !== origin),
        extraScriptOrigins: config.extraScriptOrigins,
        apiOrigins,
        formActionOrigins: config.idpOrigins,
        frameAncestors: embeddable ? config.embedOrigins : [],
        reportUri: CSP_REPORT_PATH,
        reportToGroup: REPORT_GROUP,
        extraDirectives: trustedTypes.enforced,
      }),
    );
    if (trustedTypes.reportOnly) reply.header('content-security-policy-report-only', trustedTypes.reportOnly);
    reply.header('reporting-endpoints', `${REPORT_GROUP}="${origin}${CSP_REPORT_PATH}"`);
    reply.headers(STATIC_HEADERS);
    if (embeddable) reply.removeHeader('x-frame-options');
    else reply.header('x-frame-options', 'DENY');
    return payload;
  });
}
