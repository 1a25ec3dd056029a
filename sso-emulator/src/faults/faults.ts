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

export const FaultBodySchema = v.object({
  /** The path after the tenant base, e.g. auth/v1/authenticate or oauth2/v1/token. */
  call: v.pipe(v.string(), v.regex(/^[A-Za-z0-9/_-]+$/, 'must be a path such as auth/v1/authenticate')),
  method: v.optional(v.pipe(v.string(), v.toUpperCase(), v.picklist(['GET', 'POST', 'PUT', 'DELETE']))),
  delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120_000))),
  status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599))),
  body: v.optional(v.union([v.null(), v.literal('malformed'), v.record(v.string(), v.unknown())])),
  expiredToken: v.optional(v.literal(true)),
  htmlVariant: v.optional(v.picklist(HTML_VARIANTS)),
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

  clear(): void {
    this.faults = [];
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
