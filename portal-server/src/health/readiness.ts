import { stat } from 'node:fs/promises';

/** One readiness check's state, as /readyz names it. */
export type CheckState = 'ok' | 'failing' | 'draining';

export interface ReadinessChecks {
  /** RELEASES_DIR is a readable folder. */
  releases: () => Promise<boolean>;
  /** remotes.json reads, parses and passes its pins. */
  remotesConfig: () => Promise<boolean>;
  /** A host build can be served. */
  host: () => Promise<boolean>;
  /** Redis answers (only with REDIS_URL). */
  redis?: (() => Promise<boolean>) | undefined;
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
    ...(checks.redis ? ([['redis', checks.redis]] as [string, () => Promise<boolean>][]) : []),
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
