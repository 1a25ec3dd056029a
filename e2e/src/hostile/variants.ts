import { REPLY_LIMITS, stringLimit } from '../../../shared/src/api/replyLimits';

/**
 * The hostile replies of the fault campaign (issue 30), as the emulator's fault API takes them
 * (sso-emulator/src/faults/faults.ts FaultReplySchema), derived from a reply's valibot schema: the
 * classes every reply gets, then for each field of the schema a value of the wrong type, a
 * string over its limit (docs/contracts.md, reply size limits) and, for the fields the page shows
 * or navigates to, script-injection payloads.
 */
export type FaultReply =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'empty' }
  | { kind: 'deep'; depth: number }
  | { kind: 'abort' }
  | { kind: 'hang' }
  | { kind: 'patch'; patch: Record<string, unknown> }
  | { kind: 'long'; field: string; bytes: number }
  | { kind: 'truncated' }
  | { kind: 'headers'; bytes: number };

export interface Variant {
  /** The case's name in the report: `<class>` or `<class> <field>`. */
  name: string;
  reply?: FaultReply;
  status?: number;
  contentType?: string;
  /**
   * 'message': the user must be told (a message with a way on). 'harmless': the page may also go
   * on as if nothing happened (the variant is well-formed, e.g. a script in a name shown as text);
   * either way nothing may run and nothing may navigate away.
   */
  expect: 'message' | 'harmless';
  /** Only in the full campaign (npm run test:hostile): slow cases (a hang waits for its timeout). */
  slow?: boolean;
}

/** Set by every payload that runs: the campaign checks it stays unset. */
export const EXECUTED_FLAG = '__hostileRan';

/** Script-injection payloads for every string the page may show. */
export const INJECTIONS: readonly string[] = [
  `<img src=x onerror="window.${EXECUTED_FLAG}=1">`,
  `"><script>window.${EXECUTED_FLAG}=1</script>`,
  `<svg/onload=window.${EXECUTED_FLAG}=1>`,
];

/** Payloads for every string the page may navigate to. */
export const NAVIGATION_INJECTIONS: readonly string[] = [
  `javascript:window.${EXECUTED_FLAG}=1`,
  'https://attacker.invalid/phish',
  `data:text/html,<script>window.${EXECUTED_FLAG}=1</script>`,
];

const HTML_ERROR_PAGE =
  '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>';

/** The classes every reply gets, whatever its schema. */
export function bodyVariants(): Variant[] {
  return [
    { name: 'empty body (204)', reply: { kind: 'empty' }, expect: 'message' },
    { name: 'empty body (200)', reply: { kind: 'empty' }, status: 200, expect: 'message' },
    { name: 'null', reply: { kind: 'json', value: null }, expect: 'message' },
    { name: 'a list where an object belongs', reply: { kind: 'json', value: [] }, expect: 'message' },
    { name: 'a string where an object belongs', reply: { kind: 'json', value: 'ok' }, expect: 'message' },
    { name: 'a number where an object belongs', reply: { kind: 'json', value: 42 }, expect: 'message' },
    {
      name: 'invalid JSON',
      reply: { kind: 'raw', text: '{"nextaction": "AUTH_ALLOWED", "flowSt' },
      expect: 'message',
    },
    {
      name: 'HTML error page (502)',
      reply: { kind: 'raw', text: HTML_ERROR_PAGE },
      status: 502,
      contentType: 'text/html',
      expect: 'message',
    },
    {
      name: 'HTML page (200)',
      reply: { kind: 'raw', text: HTML_ERROR_PAGE },
      status: 200,
      contentType: 'text/html',
      expect: 'message',
    },
    {
      name: 'HTTP 500',
      reply: { kind: 'json', value: { errorCode: '0000999' } },
      status: 500,
      expect: 'message',
    },
    { name: 'HTTP 502 without a body', reply: { kind: 'empty' }, status: 502, expect: 'message' },
    {
      name: 'NaN and Infinity',
      reply: { kind: 'raw', text: '{"expires_in": NaN, "status": Infinity}' },
      expect: 'message',
    },
    {
      name: '1 MB field',
      reply: { kind: 'long', field: 'data.message', bytes: 1_000_000 },
      expect: 'message',
    },
    { name: 'nested 5,000 deep', reply: { kind: 'deep', depth: 5000 }, expect: 'message' },
    {
      name: 'duplicate keys (the last one a script)',
      reply: {
        kind: 'raw',
        text: `{"nextaction":"AUTH_ALLOWED","nextaction":${JSON.stringify(INJECTIONS[0])},"flowState":"x","flowState":"y"}`,
      },
      expect: 'message',
    },
    { name: 'truncated body', reply: { kind: 'truncated' }, expect: 'message' },
    {
      name: 'wrong content type (text/plain)',
      reply: { kind: 'patch', patch: {} },
      contentType: 'text/plain',
      expect: 'harmless',
    },
    { name: 'oversize header (300 KB)', reply: { kind: 'headers', bytes: 300_000 }, expect: 'message' },
    { name: 'aborted connection', reply: { kind: 'abort' }, expect: 'message' },
    { name: 'a hang', reply: { kind: 'hang' }, expect: 'message', slow: true },
  ];
}

type Shape = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'code' | 'other';

interface SchemaNode {
  type: string;
  wrapped?: SchemaNode;
  pipe?: SchemaNode[];
  options?: SchemaNode[];
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
}

/** A reply schema as the campaign reads it: any valibot schema (its type, entries, wrapped schema). */
export type ReplySchema = object;

function node(schema: ReplySchema): SchemaNode {
  return schema as SchemaNode;
}

/** The shape a schema reads, through nullish, optional, fallback and pipe. */
function shapeOf(schema: SchemaNode): { shape: Shape; inner: SchemaNode } {
  if (schema.wrapped) return shapeOf(schema.wrapped);
  if (schema.pipe && schema.type !== 'string' && schema.pipe[0] && schema.pipe[0] !== schema)
    return shapeOf(schema.pipe[0]);
  if (schema.type === 'union') {
    const shapes = (schema.options ?? []).map((option) => shapeOf(option).shape);
    return {
      // A string beside a number or a boolean (an error code, inline_registration): the wrong value
      // must be neither, so it is read as a code (its wrong value is an object).
      shape:
        shapes.includes('string') && (shapes.includes('number') || shapes.includes('boolean'))
          ? 'code'
          : (shapes[0] ?? 'other'),
      inner: schema,
    };
  }
  const simple: Record<string, Shape> = {
    string: 'string',
    number: 'number',
    boolean: 'boolean',
    array: 'array',
    loose_object: 'object',
    object: 'object',
    record: 'object',
  };
  return { shape: simple[schema.type] ?? 'other', inner: schema };
}

/** A value of another type than the field's. */
const WRONG_VALUE: Record<Shape, unknown> = {
  string: 12345,
  number: 'not a number',
  boolean: 'yes',
  array: { not: 'a list' },
  object: ['not', 'an', 'object'],
  code: { not: 'a code' },
  other: [[]],
};

/** A patch that sets the field at a dotted path (one level deep: the rest of the parent goes). */
function patchAt(path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (!head) return {};
  return { [head]: rest.length === 0 ? value : patchAt(rest.join('.'), value) };
}

export interface FieldOptions {
  /** Dotted paths of the strings the page shows (injection payloads go there). */
  shown?: readonly string[];
  /** Dotted paths of the strings the page may navigate to. */
  navigated?: readonly string[];
  /**
   * Fields the portal server takes out of the reply before the page sees it (the proxy keeps
   * id_token and refresh_token, tokens/proxiedSignIn.ts): a bad value there may go unnoticed.
   */
  serverHeld?: readonly string[];
}

/** For each field of an object schema: a value of the wrong type, numbers as strings, strings over their limit. */
export function fieldVariants(schema: ReplySchema, options: FieldOptions = {}, prefix = ''): Variant[] {
  const entries = node(schema).entries ?? shapeOf(node(schema)).inner.entries ?? {};
  const variants: Variant[] = [];
  for (const [key, field] of Object.entries(entries)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const { shape, inner } = shapeOf(field);
    const expect = options.serverHeld?.includes(path) ? 'harmless' : 'message';
    variants.push({
      name: `wrong type ${path}`,
      reply: { kind: 'patch', patch: patchAt(path, WRONG_VALUE[shape]) },
      expect,
    });
    if (shape === 'number')
      variants.push({
        name: `number as a string ${path}`,
        reply: { kind: 'patch', patch: patchAt(path, '3600') },
        expect,
      });
    if (shape === 'string' || shape === 'code') {
      const bytes = stringLimit(key).max + 1;
      variants.push({
        name: `over its limit ${path} (${bytes} chars)`,
        reply: { kind: 'long', field: path, bytes },
        expect,
      });
    }
    if (shape === 'array')
      variants.push({
        name: `list over its limit ${path} (${REPLY_LIMITS.listItems + 1} entries)`,
        reply: {
          kind: 'patch',
          patch: patchAt(
            path,
            Array.from({ length: REPLY_LIMITS.listItems + 1 }, () => 'x'),
          ),
        },
        expect,
      });
    // A nested object's fields: what the server holds stays harmless there too (additional.trustedDeviceId).
    if (shape === 'object' && inner.entries && !prefix)
      variants.push(...fieldVariants(inner, { serverHeld: options.serverHeld ?? [] }, path));
  }
  for (const path of options.shown ?? [])
    INJECTIONS.forEach((payload, index) => {
      variants.push({
        name: `script in ${path} #${index + 1}`,
        reply: { kind: 'patch', patch: patchAt(path, payload) },
        expect: 'harmless',
      });
    });
  for (const path of options.navigated ?? [])
    NAVIGATION_INJECTIONS.forEach((payload, index) => {
      variants.push({
        name: `navigation to ${path} #${index + 1}`,
        reply: { kind: 'patch', patch: patchAt(path, payload) },
        expect: 'harmless',
      });
    });
  return variants;
}
