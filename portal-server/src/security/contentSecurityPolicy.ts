export interface CspSources {
  /** Origins the Module Federation runtime loads remote entries, chunks and manifests from. */
  remoteOrigins: readonly string[];
  extraScriptOrigins: readonly string[];
  /** SSO and service URL origins the browser calls directly. */
  apiOrigins: readonly string[];
  /** Where the identity-provider SAML form may post. */
  formActionOrigins: readonly string[];
  /** Who may frame this response; empty means nobody. */
  frameAncestors: readonly string[];
  reportUri: string;
  reportToGroup: string;
  /**
   * The CSP hashes ('sha256-…') of the <style> elements this page carries (a rendered first
   * screen's stylesheets): each allows exactly that text, never 'unsafe-inline'.
   */
  styleHashes?: readonly string[];
  /** Further directives (Trusted Types when enforced). */
  extraDirectives?: readonly string[];
}

function sourceList(...lists: readonly (readonly string[])[]): string {
  const unique = new Set<string>(["'self'"]);
  for (const list of lists) for (const item of list) unique.add(item);
  return [...unique].join(' ');
}

/**
 * The Content-Security-Policy for every response. Scripts come only from the portal and the remotes'
 * origins: no 'unsafe-inline', no 'unsafe-eval' (so no Module Federation getPublicPath).
 */
export function contentSecurityPolicy(sources: CspSources): string {
  const directives = [
    "default-src 'self'",
    `script-src ${sourceList(sources.remoteOrigins, sources.extraScriptOrigins)}`,
    // Remote CSS chunks come from the remote's own folder, wherever it is hosted.
    `style-src ${sourceList(sources.remoteOrigins, sources.styleHashes ?? [])}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${sourceList(sources.apiOrigins, sources.remoteOrigins)}`,
    `form-action ${sourceList(sources.formActionOrigins)}`,
    `frame-ancestors ${sources.frameAncestors.length > 0 ? sources.frameAncestors.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    ...(sources.extraDirectives ?? []),
    `report-uri ${sources.reportUri}`,
    `report-to ${sources.reportToGroup}`,
  ];
  return directives.join('; ');
}

/**
 * The policy of the static page other sites frame (/emea-cookies): no script of any origin, its
 * own stylesheet only, nothing to post or connect to; framed only by `frameAncestors`.
 */
export function staticPagePolicy(
  sources: Pick<CspSources, 'frameAncestors' | 'reportUri' | 'reportToGroup'>,
): string {
  return [
    "default-src 'none'",
    "script-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    "form-action 'none'",
    `frame-ancestors ${sources.frameAncestors.length > 0 ? sources.frameAncestors.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    `report-uri ${sources.reportUri}`,
    `report-to ${sources.reportToGroup}`,
  ].join('; ');
}

/**
 * The policy of every response that is not an HTML page (scripts, stylesheets, JSON replies, the
 * icon): such a response is never a page that loads or runs anything, so it may load nothing and be
 * framed by nobody should it ever be opened as a document (ASVS 5.0 3.4.3 and 3.4.6 ask for a policy
 * with object-src and base-uri 'none' and for frame-ancestors on every response). Short on purpose:
 * it is sent with every file of the first screen.
 */
export const RESOURCE_POLICY =
  "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
