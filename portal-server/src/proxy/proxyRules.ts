/**
 * What the reverse proxy (/common/portal/proxy/) lets through. The proxy is the SSO's API on the
 * portal's origin, so it must be no wider than the calls the portal makes (spec section 7; the
 * API client sends a call through the proxy when it is the service base, or for
 * FIDOAuthChallengeVerifier): one method per path, nothing of the SSO's other pages (admin
 * consoles, token endpoints, HTML), and no path an upstream server could read differently from
 * us (encoded dots or slashes, backslashes, ';' parameters, double encoding, control characters).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Rule {
  /** The path after the SSO base, as a pattern on the raw (still encoded) path. */
  path: RegExp;
  methods: readonly Method[];
  /** Request bodies accepted (media types); none for calls without a body. */
  bodies: readonly string[];
  /** An HTML reply is passed on as text/plain (the identity provider's SAML form is read as text). */
  htmlAsText?: boolean;
  /**
   * The call tries a secret, sends a code or a push, or starts a sign-in step: it is counted against
   * the per-user attempt limit (userAttemptLimit.ts). A contributed call says so itself
   * (`triesSecret` in its remote's contributions).
   */
  countedPerUser?: boolean;
  /** The field of the JSON body that names the user: the body is read whole and counted under it. */
  userField?: string;
}

const JSON_BODY = ['application/json'] as const;
/** A credential id in a path: the unreserved characters of RFC 3986 only. */
const CRED_ID = '[A-Za-z0-9._~-]{1,128}';

const exact = (path: string) => new RegExp(`^${path.replaceAll('/', '\\/')}$`);

/**
 * The spec's factor calls (section 7), each a POST with a JSON body, and whether it is counted per
 * user: every one that tries a secret, sends a code or a push, or starts a step. PushStatus is not:
 * the page polls it every 3 s while a push waits, and it tries nothing; nor are the registrations,
 * made by a signed-in user.
 */
const FACTOR_POSTS: readonly [name: string, countedPerUser: boolean][] = [
  ['PasswordAuthenticator', true],
  ['CustomAuthenticator', true],
  ['PushGenerator', true],
  ['PushStatus', false],
  ['VIPCredentialRegistrar', false],
  ['OTPGenerator', true],
  ['OTPVerifier', true],
  ['OTPRegistrar', false],
  ['MobileOTPRegistrar', false],
  ['MobileOTPVerifier', true],
  ['FIDOAuthChallengeGenerator', true],
  ['FIDOAuthChallengeVerifier', true],
  ['FIDORegChallengeGenerator', false],
  ['FIDORegChallengeVerifier', false],
];

/** The fields of the spec's calls whose bodies name the user (the rest name it through the flow state). */
const USER_FIELDS: Readonly<Record<string, string>> = {
  FIDOAuthChallengeGenerator: 'userName',
};

export const PROXY_RULES: readonly Rule[] = [
  {
    path: exact('auth/v1/authenticate'),
    methods: ['POST'],
    bodies: JSON_BODY,
    countedPerUser: true,
    userField: 'subject',
  },
  { path: exact('auth/v1/SelectedFactor'), methods: ['POST'], bodies: JSON_BODY, countedPerUser: true },
  ...FACTOR_POSTS.map(
    ([name, countedPerUser]): Rule => ({
      path: exact(`factor/v1/${name}`),
      methods: ['POST'],
      bodies: JSON_BODY,
      countedPerUser,
      ...(USER_FIELDS[name] ? { userField: USER_FIELDS[name] } : {}),
    }),
  ),
  { path: exact('factor/v1/MePasswordUpdater'), methods: ['PUT'], bodies: JSON_BODY },
  { path: exact('factor/v1/MeCreds'), methods: ['GET'], bodies: [] },
  { path: new RegExp(`^factor\\/v1\\/MeCreds\\/${CRED_ID}$`), methods: ['PUT', 'DELETE'], bodies: JSON_BODY },
  // Ours, not the spec's: step-up before a destructive delete (README, "Step-up before destruction").
  { path: exact('factor/v1/MeStepUp'), methods: ['POST'], bodies: JSON_BODY },
  { path: exact('oauth2/v1/idp'), methods: ['GET'], bodies: [], htmlAsText: true },
  {
    path: exact('oauth2/v1/userinfo'),
    methods: ['POST'],
    bodies: ['application/x-www-form-urlencoded'],
  },
];

export type ProxyDecision =
  | { ok: true; rule: Rule }
  | { ok: false; status: 400 | 404 | 405 | 415; code: string; message: string; allow?: string };

const refuse = (
  status: 400 | 404 | 405 | 415,
  code: string,
  message: string,
  allow?: string,
): ProxyDecision => ({ ok: false, status, code, message, ...(allow ? { allow } : {}) });

/**
 * Why a raw proxied path (after the prefix, before the query) is unsafe, or undefined. Refused
 * before any decoding: '%2e' / '%2f' / '%5c' (encoded dot, slash, backslash), '%25' (an encoded
 * '%', i.e. double encoding), '\', ';' (path parameters, e.g. '..;/'), dot segments and any
 * control or non-ASCII character.
 */
export function unsafePathReason(rawPath: string): string | undefined {
  if (/%(?:2e|2f|5c|25)/i.test(rawPath)) return 'encoded dot, slash, backslash or percent';
  if (rawPath.includes('\\')) return 'backslash';
  if (rawPath.includes(';')) return 'path parameter';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f-\uffff]/.test(rawPath)) return 'control or non-ASCII character';
  if (/%[0-1][0-9a-f]|%7f/i.test(rawPath)) return 'encoded control character';
  if (rawPath.split('/').some((segment) => segment === '.' || segment === '..' || segment === ''))
    return 'empty or dot segment';
  return undefined;
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * An SSO call a live remote's screens make beyond the spec's (its contributions' `calls`, which
 * the schema limits to factor/v1 and auth/v1 names): one method, a JSON body or none.
 */
export interface ContributedCall {
  method: Method;
  path: string;
  /** Its remote says it tries a secret: counted per user (contributions schema, `triesSecret`). */
  triesSecret?: boolean;
}

/**
 * One rule per contributed path, with every method the live remotes name for it; counted per user
 * when any of them says the call tries a secret (a remote cannot take another's flag away).
 */
function contributedRules(calls: readonly ContributedCall[]): Rule[] {
  const methods = new Map<string, Set<Method>>();
  const triesSecret = new Set<string>();
  for (const call of calls) {
    methods.set(call.path, (methods.get(call.path) ?? new Set()).add(call.method));
    if (call.triesSecret) triesSecret.add(call.path);
  }
  return [...methods].map(([path, named]) => ({
    path: exact(path),
    methods: [...named],
    bodies: named.has('POST') || named.has('PUT') ? JSON_BODY : [],
    countedPerUser: triesSecret.has(path),
  }));
}

/**
 * Whether the proxy passes a request: the spec's calls (PROXY_RULES, always first, so a
 * contribution can never widen one of them) and the calls the live remotes contribute.
 */
export function decideProxyRequest(
  method: string,
  rawPath: string,
  contentType: string | undefined,
  hasBody: boolean,
  contributed: readonly ContributedCall[] = [],
): ProxyDecision {
  const unsafe = unsafePathReason(rawPath);
  if (unsafe) return refuse(400, 'PORTAL_INVALID_REQUEST', `Invalid proxy path (${unsafe})`);
  const rule =
    PROXY_RULES.find((candidate) => candidate.path.test(rawPath)) ??
    contributedRules(contributed).find((candidate) => candidate.path.test(rawPath));
  if (!rule) return refuse(404, 'PORTAL_NOT_PROXIED', 'This path is not served through the proxy');
  if (!(rule.methods as readonly string[]).includes(method)) {
    return refuse(405, 'PORTAL_METHOD_NOT_ALLOWED', 'Method not allowed here', rule.methods.join(', '));
  }
  if (hasBody && !rule.bodies.includes(mediaType(contentType))) {
    return refuse(415, 'PORTAL_UNSUPPORTED_MEDIA_TYPE', 'Unsupported request body type');
  }
  return { ok: true, rule };
}

/** JSON and plain text replies pass; HTML only where the rule reads it as text; nothing else. */
export function replyContentType(rule: Rule, upstreamContentType: string | undefined): string | undefined {
  const type = mediaType(upstreamContentType);
  if (type === 'application/json' || type.endsWith('+json') || type === 'text/plain') {
    return upstreamContentType;
  }
  if (type === 'text/html' && rule.htmlAsText) return 'text/plain; charset=utf-8';
  return undefined;
}
