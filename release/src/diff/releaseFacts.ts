import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Contributions } from '@portal/contributions/schema';
import { buildContributions } from '../contributions.js';
import { resolveRemote } from '../context.js';
import { ReleaseError } from '../errors.js';
import { HOST, HOST_PKG } from '../host/hostBuild.js';
import { readHostFacts } from '../hostFacts.js';
import { readIntegrityRecord } from '../integrityRecord.js';
import { MANIFEST_FILE, parseManifest } from '../manifest.js';
import type { ReleaseDir } from '../releaseDir.js';

/** A shared module as a build declares it: the version it brings and the range it accepts. */
export interface SharedModule {
  name: string;
  version?: string;
  requiredVersion?: string | false;
}

/** What `diff` compares of one staged release, read from its folder as staged. */
export interface ReleaseFacts {
  release: string;
  revision: string | null;
  /** Every file integrity.json records (mf-manifest.json included) → its sha384. */
  files: Map<string, string>;
  /** A remote's exposes and the files each loads (the host has none). */
  exposes: { path: string; js: string[]; css: string[] }[];
  /** A remote's contributions; undefined for the host, or with `contributionsProblem` when unreadable. */
  contributions: Contributions | undefined;
  contributionsProblem?: string;
  shared: SharedModule[];
}

function recordedFiles(
  folder: string,
  what: string,
): { files: Map<string, string>; revision: string | null } {
  const record = readIntegrityRecord(folder);
  if (!record.ok) throw new ReleaseError(`${what}: ${record.error}`);
  return {
    files: new Map([...Object.entries(record.record.files), [MANIFEST_FILE, record.record.manifest]]),
    revision: record.record.revision ?? null,
  };
}

/** A remote's staged release, or the host's (`remoteInput` host), as `diff` compares it. */
export function releaseFacts(dir: ReleaseDir, remoteInput: string, release: string): ReleaseFacts {
  if (remoteInput === HOST) {
    const folder = dir.existingFolder({ name: HOST, pkg: HOST_PKG }, release);
    const { provided } = readHostFacts(folder);
    return {
      release,
      ...recordedFiles(folder, `${HOST} ${release}`),
      exposes: [],
      contributions: undefined,
      shared: [...provided].map(([name, version]) => ({ name, version })),
    };
  }
  const remote = resolveRemote(remoteInput);
  const folder = dir.existingFolder(remote, release);
  const parsed = parseManifest(readFileSync(path.join(folder, MANIFEST_FILE), 'utf8'));
  if (!parsed.ok) throw new ReleaseError(`${remote.name} ${release}: ${parsed.error}`);
  const { manifest } = parsed;
  const contributions = buildContributions(manifest);
  return {
    release,
    ...recordedFiles(folder, `${remote.name} ${release}`),
    exposes: manifest.exposes.map((expose) => ({
      path: expose.path,
      js: [...(expose.assets?.js.sync ?? []), ...(expose.assets?.js.async ?? [])].sort(),
      css: [...(expose.assets?.css.sync ?? []), ...(expose.assets?.css.async ?? [])].sort(),
    })),
    contributions: contributions.ok ? contributions.value : undefined,
    ...(contributions.ok ? {} : { contributionsProblem: contributions.problem }),
    shared: manifest.shared.map((shared) => ({
      name: shared.name,
      ...(shared.version === undefined ? {} : { version: shared.version }),
      ...(shared.requiredVersion === undefined ? {} : { requiredVersion: shared.requiredVersion }),
    })),
  };
}
