import { stat } from 'node:fs/promises';

/** One readiness check's state, as /readyz names it. */
export type CheckState = 'ok' | 'failing' | 'draining';

/**
 * What /readyz asks: only what this instance alone can fix (its own drain, its own view of the
 * release files). Never a dependency every instance shares (Redis, the SSO): its outage would fail
 * every instance's check at once, and a balancer would empty its pool and take the pages down too
 * (Kubernetes' probe guidance; those are on /dependencies).
 */
export interface ReadinessChecks {
  /** RELEASES_DIR is a readable folder. */
  releases: () => Promise<boolean>;
  /** remotes.json reads, parses and passes its pins. */
  remotesConfig: () => Promise<boolean>;
  /** A host build can be served. */
  host: () => Promise<boolean>;
  /** SIGTERM was received: the load balancer should stop sending new sign-ins here. */
  draining: () => boolean;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckState>;
}

/** A check that throws counts as failing (the reason goes to the log, never to /readyz). */
async function passes(check: () => Promise<boolean>): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}

export async function isReadableFolder(folder: string): Promise<boolean> {
  return (await stat(folder)).isDirectory();
}

/** Runs every check at once; ready only when all pass and the instance is not draining. */
export async function readiness(checks: ReadinessChecks): Promise<Readiness> {
  const named: [string, () => Promise<boolean>][] = [
    ['releases', checks.releases],
    ['remotesConfig', checks.remotesConfig],
    ['host', checks.host],
  ];
  const results = await Promise.all(named.map(([, check]) => passes(check)));
  const entries: [string, CheckState][] = named.map(([name], index) => [
    name,
    results[index] ? 'ok' : 'failing',
  ]);
  const draining = checks.draining();
  entries.push(['shutdown', draining ? 'draining' : 'ok']);
  return {
    ready: !draining && results.every(Boolean),
    checks: Object.fromEntries(entries),
  };
}

/** How long one answer of the file checks is reused: a probe every 100 ms reads the files 1 a second. */
export const READINESS_REUSE_MS = 1000;

/**
 * The checks, cheap to ask often: the file checks run at most once in READINESS_REUSE_MS
 * (concurrent askers share one run), the drain is read on every call, so a SIGTERM turns /readyz
 * 503 at once.
 */
export function reusedReadiness(
  checks: ReadinessChecks,
  now: () => number = Date.now,
): () => Promise<Readiness> {
  let last: { at: number; result: Promise<Readiness> } | undefined;
  return async () => {
    const at = now();
    if (!last || at - last.at >= READINESS_REUSE_MS) last = { at, result: readiness(checks) };
    const result = await last.result;
    const draining = checks.draining();
    return {
      ready: result.ready && !draining,
      checks: { ...result.checks, shutdown: draining ? 'draining' : 'ok' },
    };
  };
}
