import type { CanarySession } from '../remotes/canarySession.js';
import type { RemotesConfig } from '../remotes/remotesFile.js';
import { releaseOfManifest } from './buildLabel.js';
import type { Cohort } from './canaryStats.js';

/**
 * The cohort a beacon's build counts in, decided here, not by the page: the session's canary key
 * (the sealed cookie's, verified: a key the server dealt, never one the sender chose) says whether
 * it gets each remote's canary (the same rule that chose its build). The build the page names must
 * be the one that cohort is served (remotes.json's live or canary release of that remote); anything
 * else (an unknown remote or release, a page opened before a promotion) is not counted, so the
 * labels stay the few remotes.json names.
 */
export function cohortResolver(
  config: RemotesConfig,
  session: CanarySession,
): (remote: string, release: string) => Cohort | undefined {
  return (remote, release) => {
    const entry = Object.hasOwn(config, remote) ? config[remote] : undefined;
    if (!entry) return undefined;
    // deal = false: a beacon never deals a key (beaconRoute.ts refuses a beacon without one).
    const cohort: Cohort =
      entry.canary && session.inCanary(remote, entry.canary.percent, false) ? 'canary' : 'live';
    const served = cohort === 'canary' && entry.canary ? entry.canary.manifest : entry.manifest;
    return releaseOfManifest(served) === release ? cohort : undefined;
  };
}

/** A build remotes.json serves, in the cohort that gets it. */
export interface ServedBuild {
  remote: string;
  release: string;
  cohort: Cohort;
}

/** Every build remotes.json serves now: each remote's live release, and its canary's when it has one. */
export function servedBuilds(config: RemotesConfig): ServedBuild[] {
  const builds: ServedBuild[] = [];
  for (const [remote, entry] of Object.entries(config)) {
    const live = releaseOfManifest(entry.manifest);
    if (live) builds.push({ remote, release: live, cohort: 'live' });
    const canary = entry.canary ? releaseOfManifest(entry.canary.manifest) : undefined;
    if (canary) builds.push({ remote, release: canary, cohort: 'canary' });
  }
  return builds;
}
