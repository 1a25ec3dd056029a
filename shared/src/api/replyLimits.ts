/**
 * The most any reply may hold (docs/contracts.md, "Reply size limits"). A reply over a limit is
 * malformed, never trusted or shortened: the transport refuses the body before parsing it (bytes,
 * nesting depth) and every parsed reply is checked against the field limits below before its
 * call's own schema, so one bound holds for the kernel's and every remote's calls.
 */
export const REPLY_LIMITS = {
  /** A whole reply body, in bytes (the spec's replies are a few KB; a FIDO challenge well under 16 KB). */
  bodyBytes: 256 * 1024,
  /** Nesting of arrays and objects (a FIDO challenge reply nests 5 deep). */
  depth: 32,
  /** Entries of any list (credentials, factors, predicates, allowed credentials). */
  listItems: 200,
  /** Tokens: access, id and refresh tokens, the flow state. */
  token: 16 * 1024,
  /** Names: a user's name, user ID, a credential's value (phone, e-mail, device name). */
  name: 256,
  /** Labels and codes: next action, status, credential type and id, factor, error code. */
  label: 256,
  /** Messages: the server's texts for the user. */
  message: 2048,
  /** Addresses: authCompleteUrl, baseServiceUrl, ssoUrl. */
  url: 4096,
  /** Any other string (a FIDO challenge, a public key). */
  text: 16 * 1024,
} as const;

/**
 * The longest a call may take, answer and body, before it fails as 'network' (a server that hangs
 * must not leave the user waiting without a word). Longer than the portal server's proxy timeout
 * (PROXY_TIMEOUT_MS, 15 s), so a proxied call hears the proxy's 504 first.
 */
export const CALL_TIMEOUT_MS = 20_000;

type FieldKind = 'token' | 'name' | 'label' | 'message' | 'url';

/** Which limit a field has, by its name wherever it appears in a reply; other strings are 'text'. */
const FIELD_KINDS: Readonly<Record<string, FieldKind>> = {
  access_token: 'token',
  id_token: 'token',
  refresh_token: 'token',
  flowState: 'token',
  name: 'name',
  userName: 'name',
  username: 'name',
  credValue: 'name',
  displayName: 'name',
  email: 'name',
  nextaction: 'label',
  status: 'label',
  credType: 'label',
  credId: 'label',
  factor: 'label',
  predicate: 'label',
  providerFlowId: 'label',
  customFlowId: 'label',
  flowStateId: 'label',
  baseHost: 'label',
  errorCode: 'label',
  token_type: 'label',
  riskType: 'label',
  message: 'message',
  errorMessage: 'message',
  error_description: 'message',
  error: 'message',
  authCompleteUrl: 'url',
  baseServiceUrl: 'url',
  ssoUrl: 'url',
};

/** The limit of a string field of this name (the field's kind and its most characters). */
export function stringLimit(key: string | undefined): { kind: FieldKind | 'text'; max: number } {
  const kind =
    (key !== undefined && Object.hasOwn(FIELD_KINDS, key) ? FIELD_KINDS[key] : undefined) ?? 'text';
  return { kind, max: REPLY_LIMITS[kind] };
}

/** The first limit a parsed reply goes over, named with its place (`data.message`), or null. */
export function replyLimitIssue(value: unknown, key?: string, path = '', depth = 0): string | null {
  if (depth > REPLY_LIMITS.depth) return `nested deeper than ${REPLY_LIMITS.depth} at ${path || 'the top'}`;
  if (typeof value === 'string') {
    const { kind, max } = stringLimit(key);
    return value.length > max ? `${path || 'the reply'} is longer than ${max} characters (${kind})` : null;
  }
  if (Array.isArray(value)) {
    if (value.length > REPLY_LIMITS.listItems)
      return `${path || 'the reply'} has more than ${REPLY_LIMITS.listItems} entries`;
    for (const [index, item] of value.entries()) {
      const issue = replyLimitIssue(item, key, `${path}[${index}]`, depth + 1);
      if (issue) return issue;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length > REPLY_LIMITS.listItems)
      return `${path || 'the reply'} has more than ${REPLY_LIMITS.listItems} fields`;
    for (const [name, item] of entries) {
      const issue = replyLimitIssue(item, name, path ? `${path}.${name}` : name, depth + 1);
      if (issue) return issue;
    }
  }
  return null;
}

/**
 * The nesting depth of a JSON text, read without parsing it (a reply nested thousands deep is
 * refused before JSON.parse spends the stack on it); stops counting once past `limit`.
 */
export function jsonDepthOver(text: string, limit: number = REPLY_LIMITS.depth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return false;
}

/**
 * Reads a reply's body as text, at most `limit` bytes: a larger declared Content-Length is refused
 * before a byte is read, and a body that grows past the limit is cancelled. null: over the limit.
 */
export async function readBoundedText(
  response: Response,
  limit: number = REPLY_LIMITS.bodyBytes,
): Promise<string | null> {
  const declared = Number(response.headers.get('Content-Length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) {
    const text = await response.text();
    return new TextEncoder().encode(text).byteLength > limit ? null : text;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
