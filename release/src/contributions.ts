import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mergeContributions, type RemoteContributions } from '@portal/contributions/merge';
import { type Contributions, parseContributions } from '@portal/contributions/schema';
import { type Manifest, MANIFEST_FILE, parseManifest } from './manifest.js';
import type { ReleaseDir } from './releaseDir.js';
import { RemotesConfig } from './remotesConfig.js';
import { findRemote, type Remote } from './remotes.js';

export type ReadContributions = { ok: true; value: Contributions } | { ok: false; problem: string };

/** The build's contributions (docs/contracts.md, "Contributions"), or the sentence refusing it. */
export function buildContributions(manifest: Manifest): ReadContributions {
  if (manifest.contributions === undefined) {
    return {
      ok: false,
      problem: `${MANIFEST_FILE} carries no contributions (build the remote with @portal/tooling's remoteConfig and its src/contributions.ts)`,
    };
  }
  const parsed = parseContributions(manifest.contributions);
  return parsed.ok
    ? parsed
    : { ok: false, problem: `its contributions are invalid: ${parsed.problem.replace(/\s*\n\s*/g, ' ')}` };
}

/** The contributions of the build remotes.json names live for another remote, when staged here. */
function liveContributions(dir: ReleaseDir, remote: Remote, manifestUrl: string): Contributions | undefined {
  const release = dir.releaseOf(remote, manifestUrl);
  if (release === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(path.join(dir.folderOf(remote, release), MANIFEST_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const parsed = parseManifest(text);
  if (!parsed.ok) return undefined;
  const contributions = buildContributions(parsed.manifest);
  return contributions.ok ? contributions.value : undefined;
}

/**
 * The build's claims against the other remotes' live builds, merged as the portal server merges
 * them (remotes.json's order, the build in its remote's place): each sentence names both remotes
 * of a collision. The portal server would leave a colliding remote out (fail closed), so a build
 * that collides is refused before it is promoted, whichever of the two would be left out.
 */
export function checkCollisions(dir: ReleaseDir, remote: Remote, contributions: Contributions): string[] {
  const config = RemotesConfig.read(dir.remotesFile);
  const names = config.names().includes(remote.name) ? config.names() : [...config.names(), remote.name];
  const merged: RemoteContributions[] = [];
  for (const name of names) {
    if (name === remote.name) {
      merged.push({ remote: name, contributions });
      continue;
    }
    const other = findRemote(name);
    const entry = other ? config.entry(name) : undefined;
    const live = other && entry ? liveContributions(dir, other, entry.manifest) : undefined;
    if (live) merged.push({ remote: name, contributions: live });
  }
  const { refused } = mergeContributions(merged);
  return refused
    .filter((refusal) => refusal.remote === remote.name || refusal.claimedBy === remote.name)
    .map((refusal) => refusal.message);
}
