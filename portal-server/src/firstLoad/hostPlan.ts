import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';
import type { ReadResult } from '../files/statCachedFile.js';
import { isSafeHref } from './urls.js';

const href = v.pipe(v.string(), v.check(isSafeHref, 'an absolute path or http(s) URL'));

export const GuardSchema = v.picklist(['A', 'B', 'C', 'none']);

const RouteSchema = v.object({
  path: v.pipe(v.string(), v.startsWith('/')),
  guard: GuardSchema,
  remote: v.pipe(v.string(), v.minLength(1)),
  expose: v.pipe(v.string(), v.minLength(1)),
  /** The screen runs login start, whose first call is a client token (absent from older hosts). */
  startsLogin: v.optional(v.literal(true)),
});

const Files = v.object({ js: v.array(href), css: v.array(href) });

/**
 * first-load.json, written by the host build: the host's own start-up chunks (main.js is already in
 * index.html), its deferred chunks (shared code only later screens use; absent from older host
 * builds) and the route table's remote and expose per path, with the guard that decides whether a
 * fresh page load (no session) stays on the route or goes to homePath.
 */
export const HostPlanSchema = v.object({
  host: Files,
  deferred: v.optional(Files, { js: [], css: [] }),
  routes: v.array(RouteSchema),
  homePath: v.pipe(v.string(), v.startsWith('/')),
});
export type HostPlan = v.InferOutput<typeof HostPlanSchema>;

export const HOST_PLAN_FILE = 'first-load.json';

export function parseHostPlan(text: string): ReadResult<HostPlan> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `${HOST_PLAN_FILE} is not JSON: ${String(error)}` };
  }
  const parsed = v.safeParse(HostPlanSchema, raw);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, error: `${HOST_PLAN_FILE} is invalid: ${describeIssues(parsed.issues)}` };
}
