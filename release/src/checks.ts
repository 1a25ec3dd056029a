import { packageOfShareKey } from '@portal/contributions/sharedPackages';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Contributions } from '@portal/contributions/schema';
import semver from 'semver';
import type { HostFacts } from './hostFacts.js';
import { sri } from './integrity.js';
import type { IntegrityRecord } from './integrityRecord.js';
import { INTEGRITY_FILE } from './integrityRecord.js';
import {
  carriedFiles,
  isInsideFolder,
  type Manifest,
  MANIFEST_FILE,
  namedFiles,
  PRECOMPRESSED,
} from './manifest.js';
import type { Remote } from './remotes.js';

export function checkName(manifest: Manifest, remote: Remote): string[] {
  return manifest.name === remote.name
    ? []
    : [`${MANIFEST_FILE} is the build of ${manifest.name}, not of ${remote.name}`];
}

/** Every expose the build's own routes (its contributions) name must be in the build. */
export function checkExposes(manifest: Manifest, contributions: Contributions): string[] {
  const exposed = new Set(manifest.exposes.map((expose) => expose.path));
  const needed = new Map<string, string[]>();
  for (const route of contributions.routes) {
    if (exposed.has(route.expose)) continue;
    needed.set(route.expose, [...(needed.get(route.expose) ?? []), route.path]);
  }
  return [...needed].map(
    ([expose, paths]) =>
      `it does not expose ${expose}, which its route${paths.length > 1 ? 's' : ''} ${paths.join(', ')} need${paths.length > 1 ? '' : 's'}`,
  );
}

/** The package whose version is the host's: the kernel every remote runs against. */
export const KERNEL_PACKAGE = '@portal/shared';

/** What the build needs of the host's kernel, and what the live host provides (undefined: none). */
export interface HostNeed {
  required: string;
  provided: string | undefined;
}

export function hostNeed(manifest: Manifest, host: HostFacts): HostNeed | undefined {
  const needs = manifest.shared.find(
    (shared) =>
      packageOfShareKey(shared.name) === KERNEL_PACKAGE && typeof shared.requiredVersion === 'string',
  );
  if (!needs || typeof needs.requiredVersion !== 'string') return undefined;
  const provided =
    host.provided.get(needs.name) ??
    [...host.provided].find(([key]) => packageOfShareKey(key) === KERNEL_PACKAGE)?.[1];
  return { required: needs.requiredVersion, provided };
}

/** "needs a host providing @portal/shared ^1.5.0; the live host provides 1.4.0" */
export function describeHostNeed(need: HostNeed): string {
  return `needs a host providing ${KERNEL_PACKAGE} ${need.required}; the live host provides ${need.provided ?? 'none'}`;
}

/**
 * Everything the build shares with a required version must be provided by the live host in a
 * version that accepts: the packages of @portal/contributions/sharedPackages, which the host
 * provides, and anything else (react-router-dom, say, which reaches remotes only through the
 * kernel's router) is refused as not provided. A share key the host does not provide itself is
 * compared with the host's version of the same package.
 */
export function checkShared(manifest: Manifest, host: HostFacts): string[] {
  const problems = new Set<string>();
  const byPackage = new Map<string, string>();
  for (const [key, version] of host.provided)
    if (!byPackage.has(packageOfShareKey(key))) byPackage.set(packageOfShareKey(key), version);
  for (const shared of manifest.shared) {
    const pkg = packageOfShareKey(shared.name);
    const required = shared.requiredVersion;
    if (required === false || required === undefined || required === '*') continue;
    const provided = host.provided.get(shared.name) ?? byPackage.get(pkg);
    if (provided === undefined) {
      problems.add(`it needs ${pkg} ${required} as a shared singleton, which the live host does not provide`);
    } else if (semver.validRange(required) === null) {
      problems.add(`its requiredVersion of ${shared.name} ('${required}') is not a version range`);
    } else if (!semver.satisfies(provided, required)) {
      problems.add(
        pkg === KERNEL_PACKAGE
          ? `it ${describeHostNeed({ required, provided })}`
          : `it needs ${pkg} ${required}, but the live host provides ${provided}`,
      );
    }
  }
  return [...problems];
}

function checkPrecompressed(folder: string, file: string, record: IntegrityRecord): string[] {
  return PRECOMPRESSED.flatMap((extension) => {
    const sibling = `${file}${extension}`;
    const onDisk = path.join(folder, sibling);
    const recorded = record.files[sibling];
    const present = existsSync(onDisk);
    if (present && recorded === undefined) return [`${sibling} was added after staging`];
    if (!present) return recorded === undefined ? [] : [`${sibling} is missing`];
    return recorded === sri(readFileSync(onDisk)) ? [] : [`${sibling} does not match its recorded integrity`];
  });
}

/**
 * The files must be the ones staged: the manifest and every file it names against integrity.json,
 * and against the manifest's own `integrity` map when the build wrote one.
 */
export function checkIntegrity(
  folder: string,
  manifestText: string,
  manifest: Manifest,
  record: IntegrityRecord,
): string[] {
  const problems: string[] = [];
  if (sri(manifestText) !== record.manifest)
    problems.push(`${MANIFEST_FILE} does not match its recorded integrity`);
  for (const file of namedFiles(manifest)) {
    if (!isInsideFolder(file)) {
      problems.push(`${MANIFEST_FILE} names ${file}, which is outside the release folder`);
      continue;
    }
    const onDisk = path.join(folder, file);
    if (!existsSync(onDisk)) {
      problems.push(`${file} is missing`);
      continue;
    }
    const actual = sri(readFileSync(onDisk));
    const recorded = record.files[file];
    if (recorded === undefined) problems.push(`${file} has no recorded integrity`);
    else if (recorded !== actual) problems.push(`${file} does not match its recorded integrity`);
    const built = manifest.integrity?.[file];
    if (built !== undefined && built !== actual)
      problems.push(`${file} does not match the integrity its manifest gives`);
    problems.push(...checkPrecompressed(folder, file, record));
  }
  problems.push(...checkPrecompressed(folder, MANIFEST_FILE, record));
  problems.push(...checkFolderContents(folder, manifest));
  return problems;
}

/** Every entry of a folder, relative to it, with its kind (symbolic links are not followed). */
export function entriesOf(
  folder: string,
  prefix = '',
): { file: string; kind: 'file' | 'folder' | 'link' | 'other' }[] {
  return readdirSync(path.join(folder, prefix)).flatMap((name) => {
    const file = prefix ? `${prefix}/${name}` : name;
    const stat = lstatSync(path.join(folder, file));
    if (stat.isSymbolicLink()) return [{ file, kind: 'link' as const }];
    if (stat.isDirectory()) return [{ file, kind: 'folder' as const }, ...entriesOf(folder, file)];
    return [{ file, kind: stat.isFile() ? ('file' as const) : ('other' as const) }];
  });
}

/**
 * A release folder holds what its manifest carries (carriedFiles) and integrity.json, as regular
 * files: the portal server serves whatever is there, so an unlisted file or a symbolic link (which
 * could lead anywhere on the server) is refused.
 */
export function checkFolderContents(folder: string, manifest: Manifest): string[] {
  const expected = new Set([
    INTEGRITY_FILE,
    ...carriedFiles(manifest, (file) => isInsideFolder(file) && existsSync(path.join(folder, file))),
  ]);
  const problems: string[] = [];
  for (const { file, kind } of entriesOf(folder).sort((a, b) => a.file.localeCompare(b.file))) {
    if (kind === 'link') problems.push(`${file} is a symbolic link`);
    else if (kind === 'other') problems.push(`${file} is not a regular file`);
    else if (kind === 'file' && !expected.has(file))
      problems.push(`${file} is not carried by ${MANIFEST_FILE}`);
  }
  return problems;
}
