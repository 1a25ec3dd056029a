import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkExposes,
  checkIntegrity,
  checkName,
  checkShared,
  describeHostNeed,
  hostNeed,
} from './checks.js';
import { buildContributions, checkCollisions } from './contributions.js';
import { ReleaseError } from './errors.js';
import type { HostFacts } from './hostFacts.js';
import { readIntegrityRecord } from './integrityRecord.js';
import { MANIFEST_FILE, parseManifest } from './manifest.js';
import type { ReleaseDir } from './releaseDir.js';
import type { Remote } from './remotes.js';

export interface Verified {
  remote: Remote['name'];
  release: string;
  /** As remotes.json names it. */
  manifest: string;
  /** sha384 of the manifest, as staged. */
  integrity: string;
}

export interface VerifyReport {
  /** A remote's name, or host. */
  remote: string;
  release: string;
  manifest: string;
  integrity: string | undefined;
  /**
   * The host the build needs and the live host's version: "needs a host providing @portal/shared
   * ^1.5.0; the live host provides 1.4.0" (undefined when the build does not share the kernel).
   */
  host: string | undefined;
  /** Each a sentence naming one problem; empty when the build may be promoted. */
  problems: string[];
}

/**
 * Every check a build must pass before remotes.json may name it: its manifest parses and is this
 * remote's, its contributions are valid and claim nothing another live remote claims, it exposes
 * what its own routes need, its singletons accept what the live host provides (the host version it
 * needs is named), and its files are the ones staged. An unknown release is a ReleaseError.
 */
export function verifyRelease(
  dir: ReleaseDir,
  remote: Remote,
  release: string,
  host: HostFacts,
): VerifyReport {
  const folder = dir.existingFolder(remote, release);
  const report: VerifyReport = {
    remote: remote.name,
    release,
    manifest: dir.manifestUrl(remote, release),
    integrity: undefined,
    host: undefined,
    problems: [],
  };
  let text: string;
  try {
    text = readFileSync(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch {
    report.problems.push(`${MANIFEST_FILE} is missing`);
    return report;
  }
  const parsed = parseManifest(text);
  if (!parsed.ok) {
    report.problems.push(parsed.error);
    return report;
  }
  const { manifest } = parsed;
  report.problems.push(...checkName(manifest, remote));
  const contributions = buildContributions(manifest);
  if (contributions.ok) {
    report.problems.push(...checkExposes(manifest, contributions.value));
    report.problems.push(...checkCollisions(dir, remote, contributions.value));
  } else {
    report.problems.push(contributions.problem);
  }
  const need = hostNeed(manifest, host);
  if (need) report.host = describeHostNeed(need);
  report.problems.push(...checkShared(manifest, host));
  const record = readIntegrityRecord(folder);
  if (record.ok) {
    report.integrity = record.record.manifest;
    report.problems.push(...checkIntegrity(folder, text, manifest, record.record));
  } else {
    report.problems.push(record.error);
  }
  return report;
}

/** verifyRelease, refusing (a ReleaseError listing the problems) a build that fails any check. */
export function requireVerified(dir: ReleaseDir, remote: Remote, release: string, host: HostFacts): Verified {
  const report = verifyRelease(dir, remote, release, host);
  if (report.problems.length > 0 || report.integrity === undefined) {
    throw new ReleaseError(`${remote.name} ${release} is refused`, report.problems);
  }
  return { remote: remote.name, release, manifest: report.manifest, integrity: report.integrity };
}
