import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalServerConfig } from '../config.js';
import { contentSecurityPolicy, RESOURCE_POLICY, staticPagePolicy } from './contentSecurityPolicy.js';
import { trustedTypesHeaders } from './trustedTypes.js';

/**
 * The one page other sites may frame (the embedded cookie notice, static/emeaCookiesPage), and only
 * from EMBED_ORIGINS; it has no script, and its policy allows none.
 */
const EMBEDDABLE_PATHS = new Set(['/emea-cookies', '/emea-cookies/']);
export const CSP_REPORT_PATH = '/csp-report';
const REPORT_GROUP = 'csp-endpoint';

/** Sent with every response, page or not. */
const EVERY_RESPONSE = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * Sent with HTML pages only: they describe a document (its window, its features, where its policy
 * violations go), so a script, a stylesheet or a JSON reply carrying them would carry about half a
 * kilobyte each for nothing; on a phone's first screen that is 6 KB of its 13 requests.
 */
const PAGE_ONLY = {
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy':
    'publickey-credentials-get=(self), publickey-credentials-create=(self), camera=(), microphone=(), geolocation=()',
  'x-frame-options': 'DENY',
} as const;

/** Document headers a response that is not a page never carries (a proxied reply's own included). */
const DOCUMENT_ONLY = [
  'content-security-policy-report-only',
  'reporting-endpoints',
  ...Object.keys(PAGE_ONLY),
] as const;

/** An HTML page (a document a browser renders with this response's policy), by its content type. */
function isPage(contentType: unknown): boolean {
  const type = Array.isArray(contentType) ? contentType[0] : contentType;
  return typeof type === 'string' && /^\s*text\/html\b/i.test(type);
}

/**
 * Cross-Origin-Resource-Policy: no other site may load anything of the portal as a subresource
 * (remote releases are loaded by the portal's own pages, on its own origin). The embeddable page
 * is `cross-origin` on purpose: it is framed by EMBED_ORIGINS, and an embedder that sets
 * Cross-Origin-Embedder-Policy could not frame it otherwise; it holds nothing private, and
 * frame-ancestors still decides who may frame it.
 */
function crossOriginResourcePolicy(embeddable: boolean): 'same-origin' | 'cross-origin' {
  return embeddable ? 'cross-origin' : 'same-origin';
}

/** The <style> elements of the page a reply sends, by CSP hash (allowInlineStyles). */
const inlineStyles = new WeakMap<FastifyReply, readonly string[]>();

/**
 * The page this reply sends carries these <style> elements (a rendered first screen's stylesheets,
 * firstLoad/inlineStylesheet.ts): its policy's style-src allows each by its hash.
 */
export function allowInlineStyles(reply: FastifyReply, hashes: readonly string[]): void {
  if (hashes.length > 0) inlineStyles.set(reply, hashes);
}

/** Replies that are not pages but carry a policy of their own instead of RESOURCE_POLICY. */
const resourcePolicies = new WeakMap<FastifyReply, string>();

/**
 * This reply (a file that is not a page, such as the theme's SVG logo) is sent with `policy`
 * instead of RESOURCE_POLICY: still a resource policy, never a page's.
 */
export function useResourcePolicy(reply: FastifyReply, policy: string): void {
  resourcePolicies.set(reply, policy);
}

/** Policies kept built: each origin's, times the few stylesheet sets the live builds give pages. */
const MAX_POLICIES = 32;

export interface SecurityHeadersOptions {
  config: PortalServerConfig;
  publicOrigin: () => string;
}

function requestPath(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

/**
 * Adds the security headers to every response, including errors, static files and proxied replies:
 * an HTML page gets the page's policy and the document headers; anything else the short resource
 * policy (RESOURCE_POLICY), HSTS, nosniff, its referrer policy and resource policy.
 */
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

  // The policies depend on the public origin (fixed once the server listens) and the page's inline
  // stylesheets (the same few for every page of a release): built once each.
  const policies = new Map<string, string>();
  const policyFor = (origin: string, embeddable: boolean, styleHashes: readonly string[]): string => {
    const key = `${embeddable ? 'embeddable' : 'page'} ${origin} ${styleHashes.join(' ')}`;
    let policy = policies.get(key);
    if (policy === undefined) {
      if (policies.size >= MAX_POLICIES) policies.clear();
      policy = buildPolicy(origin, embeddable, styleHashes);
      policies.set(key, policy);
    }
    return policy;
  };
  const buildPolicy = (origin: string, embeddable: boolean, styleHashes: readonly string[]): string =>
    embeddable
      ? staticPagePolicy({
          frameAncestors: config.embedOrigins,
          reportUri: CSP_REPORT_PATH,
          reportToGroup: REPORT_GROUP,
        })
      : contentSecurityPolicy({
          // The pinned origins only: remotes.json never widens the policy.
          remoteOrigins: config.remoteOrigins.filter((remoteOrigin) => remoteOrigin !== origin),
          extraScriptOrigins: config.extraScriptOrigins,
          apiOrigins,
          formActionOrigins: config.idpOrigins,
          frameAncestors: [],
          reportUri: CSP_REPORT_PATH,
          reportToGroup: REPORT_GROUP,
          styleHashes,
          extraDirectives: trustedTypes.enforced,
        });

  app.addHook('onSend', async (request, reply, payload) => {
    const embeddable = EMBEDDABLE_PATHS.has(requestPath(request));
    reply.headers(EVERY_RESPONSE);
    reply.header('cross-origin-resource-policy', crossOriginResourcePolicy(embeddable));
    if (!isPage(reply.getHeader('content-type'))) {
      reply.header('content-security-policy', resourcePolicies.get(reply) ?? RESOURCE_POLICY);
      // A proxied reply's own document headers are not the portal's to pass on.
      for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
      return payload;
    }
    const origin = options.publicOrigin();
    reply.header('content-security-policy', policyFor(origin, embeddable, inlineStyles.get(reply) ?? []));
    if (trustedTypes.reportOnly && !embeddable)
      reply.header('content-security-policy-report-only', trustedTypes.reportOnly);
    reply.header('reporting-endpoints', `${REPORT_GROUP}="${origin}${CSP_REPORT_PATH}"`);
    reply.headers(PAGE_ONLY);
    if (embeddable) reply.removeHeader('x-frame-options');
    return payload;
  });
}
