import {
  type MergedContributions,
  mergeContributions,
  type RemoteContributions,
} from '@portal/contributions/merge';
import { parseContributions } from '@portal/contributions/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { PlannedRemote } from './plan.js';

/** Enough for the live builds and every canary mix a session can be dealt; past it, start over. */
const MAX_CONFIGURATIONS = 32;

/** Why a remote's claims are left out of the merge. */
interface LeftOut {
  remote: string;
  manifest: string;
  reasons: string[];
  /** The remotes it collides with (empty when its own contributions are the problem). */
  claimedBy: string[];
}

/** The key of one configuration: which build of each remote, and whether its manifest was usable. */
function configurationKey(remotes: ReadonlyMap<string, PlannedRemote>): string {
  return [...remotes]
    .map(([name, { entry, resolved }]) => `${name} ${entry.manifest} ${entry.integrity} ${resolved ? 1 : 0}`)
    .join('\n');
}

/**
 * The live builds' contributions merged (docs/contracts.md, "Contributions"): each remote's
 * `contributions` from its manifest (the one whose sha384 remotes.json gives, the canary's for a
 * session dealt the canary), checked with the schema, merged in remotes.json's order. Fail closed:
 * a remote whose contributions are invalid or collide with an earlier remote's is left out whole
 * (its screens are unreachable, its files still load), and one error line per configuration says
 * so, naming both remotes. A remote whose manifest is unusable adds nothing (RemoteManifests logs it).
 */
export class LiveContributions {
  private readonly merged = new Map<string, MergedContributions>();

  constructor(
    private readonly log: FastifyBaseLogger,
    /** Told of every merge handed out (a page load, the contributions route): the proxy's calls. */
    private readonly onMerged: (merged: MergedContributions) => void = () => undefined,
  ) {}

  merge(remotes: ReadonlyMap<string, PlannedRemote>): MergedContributions {
    const merged = this.mergeOnce(remotes);
    this.onMerged(merged);
    return merged;
  }

  private mergeOnce(remotes: ReadonlyMap<string, PlannedRemote>): MergedContributions {
    const key = configurationKey(remotes);
    const known = this.merged.get(key);
    if (known) return known;

    const leftOut: LeftOut[] = [];
    const candidates: RemoteContributions[] = [];
    for (const [remote, { entry, resolved }] of remotes) {
      if (!resolved) continue;
      const parsed = parseContributions(resolved.contributions);
      if (parsed.ok) candidates.push({ remote, contributions: parsed.value });
      else {
        const reason =
          resolved.contributions === undefined
            ? `${remote}'s manifest carries no contributions (a build from before them)`
            : `${remote}'s contributions are invalid: ${parsed.problem.replace(/\s*\n\s*/g, ' ')}`;
        leftOut.push({ remote, manifest: entry.manifest, reasons: [reason], claimedBy: [] });
      }
    }
    const { merged, refused } = mergeContributions(candidates);
    for (const refusal of refused) {
      const same = leftOut.find((item) => item.remote === refusal.remote);
      const manifest = remotes.get(refusal.remote)?.entry.manifest ?? '';
      if (same) {
        same.reasons.push(refusal.message);
        if (!same.claimedBy.includes(refusal.claimedBy)) same.claimedBy.push(refusal.claimedBy);
      } else {
        leftOut.push({
          remote: refusal.remote,
          manifest,
          reasons: [refusal.message],
          claimedBy: [refusal.claimedBy],
        });
      }
    }
    for (const item of leftOut) {
      this.log.error(
        { remote: item.remote, manifest: item.manifest, claimedBy: item.claimedBy, reasons: item.reasons },
        `contributions: ${item.remote} is left out, its screens and next actions unreachable (${item.reasons.join('; ')})`,
      );
    }
    if (this.merged.size >= MAX_CONFIGURATIONS) this.merged.clear();
    this.merged.set(key, merged);
    return merged;
  }
}
