import { CanarySession } from '../remotes/canarySession.js';
import type { RemotesSource } from '../remotes/remotesFile.js';
import type { PlannedRemote } from './plan.js';
import type { RemoteManifests } from './remoteManifests.js';

/**
 * The remotes one browser session uses, in remotes.json's order: each remote's build (the canary's
 * when the session was dealt it) with what its manifest gave, read in parallel. What the page's
 * first-load plan and GET /v1/config/contributions are both made from, so they always agree.
 */
export class SessionRemotes {
  constructor(
    private readonly remotesFile: RemotesSource,
    private readonly manifests: RemoteManifests,
  ) {}

  /** None when remotes.json is unusable. */
  async read(session = new CanarySession()): Promise<Map<string, PlannedRemote>> {
    const remotes = await this.remotesFile.read();
    if (!remotes.ok) return new Map();
    const entries = await Promise.all(
      Object.entries(session.builds(remotes.config)).map(async ([name, entry]) => {
        const resolved = await this.manifests.resolve(name, entry);
        return [name, { entry, resolved }] as const;
      }),
    );
    return new Map(entries);
  }
}
