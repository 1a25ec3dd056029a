import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Contributions } from '@portal/contributions/schema';
import * as v from 'valibot';

/** The password-only fixture user the smoke signs in for the screens a signed-in user sees (guard B). */
export const SIGNED_IN_USER = 'pat.password';

/** Every fixture user's password (sso-emulator/README.md). */
export const FIXTURE_PASSWORD = 'Passw0rd!';

/**
 * How the smoke reaches one route of the build in the real portal, with the state its guard
 * needs (spec section 2):
 * - `open`: guards A and none, the address opened in a fresh browser session;
 * - `signedIn`: guard B, the address reached in the page of a session signed in as pat.password;
 * - `factor`: guard C, a sign-in for the fixture user whose step the route is, through the real
 *   User ID and password screens;
 * - `unreachable`: a factor step no fixture user is known to reach; said, not pretended.
 */
export type Visit =
  | { kind: 'open'; path: string; expose: string }
  | { kind: 'signedIn'; path: string; expose: string; user: string }
  | { kind: 'factor'; path: string; expose: string; user: string }
  | { kind: 'unreachable'; path: string; expose: string; why: string };

const HarnessFileSchema = v.object({
  factorUsers: v.record(v.pipe(v.string(), v.startsWith('/')), v.pipe(v.string(), v.minLength(1))),
});

/**
 * The fixture user who reaches each factor-step route of a remote: its package's `harness.json`
 * (the one the dev harness reads: tooling/harness), from the checkout the tool runs in. Missing:
 * no route has one. Malformed: a sentence.
 */
export function readFactorUsers(
  packageDir: string,
): { ok: true; users: Record<string, string> } | { ok: false; problem: string } {
  const file = path.join(packageDir, 'harness.json');
  if (!existsSync(file)) return { ok: true, users: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return {
      ok: false,
      problem: `${file} does not parse: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const result = v.safeParse(HarnessFileSchema, parsed);
  return result.success
    ? { ok: true, users: result.output.factorUsers }
    : { ok: false, problem: `${file} is not { "factorUsers": { "/path": "user" } }` };
}

/** The visits that render every route the build contributes, in the order the smoke makes them. */
export function planVisits(
  contributions: Pick<Contributions, 'routes'>,
  factorUsers: Readonly<Record<string, string>>,
  harnessFile: string,
): Visit[] {
  const visits: Visit[] = [];
  for (const { path: route, guard, expose } of contributions.routes) {
    if (guard === 'B') {
      visits.push({ kind: 'signedIn', path: route, expose, user: SIGNED_IN_USER });
    } else if (guard === 'C') {
      const user = factorUsers[route];
      visits.push(
        user
          ? { kind: 'factor', path: route, expose, user }
          : {
              kind: 'unreachable',
              path: route,
              expose,
              why: `no fixture user is known to reach this factor step (name one in ${harnessFile})`,
            },
      );
    } else {
      visits.push({ kind: 'open', path: route, expose });
    }
  }
  const order: Record<Visit['kind'], number> = { open: 0, signedIn: 1, factor: 2, unreachable: 3 };
  return visits.sort((a, b) => order[a.kind] - order[b.kind]);
}

/** The exposes no visit renders (no route names them, or only unreachable ones do). */
export function exposesNotRendered(exposes: readonly string[], visits: readonly Visit[]): string[] {
  const rendered = new Set(
    visits.filter((visit) => visit.kind !== 'unreachable').map((visit) => visit.expose),
  );
  return exposes.filter((expose) => !rendered.has(expose));
}

/**
 * The visits of the routes `--routes` names, in the plan's order, and the routes it leaves out;
 * or the named routes the build does not contribute (a typo must not pass as a clean smoke).
 */
export function chooseRoutes(
  visits: readonly Visit[],
  routes: readonly string[],
): { ok: true; visits: Visit[]; left: string[] } | { ok: false; unknown: string[] } {
  const named = new Set(routes);
  const unknown = routes.filter((route) => !visits.some((visit) => visit.path === route));
  if (unknown.length > 0) return { ok: false, unknown };
  return {
    ok: true,
    visits: visits.filter((visit) => named.has(visit.path)),
    left: visits.filter((visit) => !named.has(visit.path)).map((visit) => visit.path),
  };
}
