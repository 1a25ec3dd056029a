import * as v from 'valibot';
import {
  HOSTILE_PAGE_VARIANTS,
  type PageVariant,
  REAL_PAGE_VARIANTS,
  TOLERATED_PAGE_VARIANTS,
} from '../idp/postPages.js';

/** The shapes of the identity provider's auto-post page a fault can serve (idp/postPages.ts). */
export const HTML_VARIANTS = [
  ...REAL_PAGE_VARIANTS,
  ...HOSTILE_PAGE_VARIANTS,
  ...TOLERATED_PAGE_VARIANTS,
] as const;
export type HtmlVariant = PageVariant;

/** The largest raw text or grown field a fault may carry or produce. */
const MAX_RAW_TEXT = 64 * 1024;
const MAX_GROWN_BYTES = 4 * 1024 * 1024;

/**
 * What a fault answers instead of (or made from) the real reply: the classes of a hostile reply
 * the fault campaign (e2e/hostile) serves. 'json', 'raw', 'empty', 'deep', 'abort' and 'hang'
 * answer without running the route; 'patch', 'long', 'truncated' and 'headers' change the reply
 * the route made.
 */
export const FaultReplySchema = v.variant('kind', [
  /** Any JSON value as the body: a list, a string, a number where an object belongs. */
  v.object({ kind: v.literal('json'), value: v.unknown() }),
  /** The exact text (invalid JSON, duplicate keys, NaN, an HTML error page). */
  v.object({ kind: v.literal('raw'), text: v.pipe(v.string(), v.maxLength(MAX_RAW_TEXT)) }),
  /** No body at all (with status 204, or 200). */
  v.object({ kind: v.literal('empty') }),
  /** Objects nested `depth` deep: {"a":{"a":…}}. */
  v.object({
    kind: v.literal('deep'),
    depth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  }),
  /** The connection is closed before any reply. */
  v.object({ kind: v.literal('abort') }),
  /** No reply at all until the faults are cleared (or two minutes pass). */
  v.object({ kind: v.literal('hang') }),
  /** The real reply with these top-level fields replaced (a JSON merge, one level). */
  v.object({ kind: v.literal('patch'), patch: v.record(v.string(), v.unknown()) }),
  /** The real reply with the field at this dotted path set to `bytes` characters of one letter. */
  v.object({
    kind: v.literal('long'),
    field: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.]+$/)),
    bytes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_GROWN_BYTES)),
  }),
  /** The real reply cut off halfway, the connection closed mid-body. */
  v.object({ kind: v.literal('truncated') }),
  /** The real reply with one response header of `bytes` characters. */
  v.object({
    kind: v.literal('headers'),
    bytes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_GROWN_BYTES)),
  }),
]);
export type FaultReply = v.InferOutput<typeof FaultReplySchema>;

export const FaultBodySchema = v.object({
  /** The path after the tenant base, e.g. auth/v1/authenticate or oauth2/v1/token. */
  call: v.pipe(v.string(), v.regex(/^[A-Za-z0-9/_-]+$/, 'must be a path such as auth/v1/authenticate')),
  method: v.optional(v.pipe(v.string(), v.toUpperCase(), v.picklist(['GET', 'POST', 'PUT', 'DELETE']))),
  delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120_000))),
  status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599))),
  body: v.optional(v.union([v.null(), v.literal('malformed'), v.record(v.string(), v.unknown())])),
  expiredToken: v.optional(v.literal(true)),
  htmlVariant: v.optional(v.picklist(HTML_VARIANTS)),
  /** A hostile reply (FaultReplySchema); `status` and `contentType` apply to it. */
  reply: v.optional(FaultReplySchema),
  /** The Content-Type of a 'json', 'raw' or 'patch' reply (a wrong one is a fault of its own). */
  contentType: v.optional(v.pipe(v.string(), v.maxLength(200))),
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
});
export type FaultInput = v.InferOutput<typeof FaultBodySchema>;
export type Fault = FaultInput & { id: number; remaining: number };

/** Faults armed through the dev API, each consumed `times` times by matching calls. */
export class FaultRegistry {
  private faults: Fault[] = [];
  private nextId = 1;

  add(input: FaultInput): Fault {
    const fault = { ...input, id: this.nextId++, remaining: input.times };
    this.faults.push(fault);
    return fault;
  }

  /** Replies held open by 'hang' faults; clearing the faults lets them go. */
  private readonly held = new Set<() => void>();

  clear(): void {
    this.faults = [];
    for (const release of this.held) release();
    this.held.clear();
  }

  /** Keeps a hung reply until clear(); returns the function that forgets it once released. */
  hold(release: () => void): () => void {
    this.held.add(release);
    return () => {
      this.held.delete(release);
    };
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  /** Takes one use of the first fault matching the call, or undefined. */
  take(call: string, method: string, kind: 'response' | 'html'): Fault | undefined {
    const fault = this.faults.find(
      (f) =>
        f.call === call &&
        (f.method === undefined || f.method === method) &&
        (kind === 'html' ? f.htmlVariant !== undefined : f.htmlVariant === undefined),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }
}
