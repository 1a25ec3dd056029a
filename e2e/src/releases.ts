import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './servers';

/** A private copy of the staged releases (.releases/), so a test may edit remotes.json freely. */
export function copyReleases(): string {
  const releases = mkdtempSync(path.join(tmpdir(), 'portal-releases-'));
  cpSync(path.join(repoRoot, '.releases'), releases, { recursive: true });
  return releases;
}

/** A remotes.json entry: the manifest's URL and the sha384 of its bytes. */
export interface RemoteEntry {
  manifest: string;
  integrity: string;
}

/** The `integrity` of a file: sha384 of its bytes. */
export function fileIntegrity(file: string): string {
  return `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
}

/** A staged release's remotes.json entry, read from its folder (`<releases>/<pkg>/<folder>/`). */
export function releaseEntry(releases: string, pkg: string, folder: string): RemoteEntry {
  return {
    manifest: `/remotes/${pkg}/${folder}/mf-manifest.json`,
    integrity: fileIntegrity(path.join(releases, pkg, folder, 'mf-manifest.json')),
  };
}

/**
 * Builds another copy of a remote into `<pkg>/dist-e2e-<label>/`, told apart by its build label
 * (data-remote-build). Returns the folder; the caller removes it.
 */
export function buildLabelled(pkg: string, label: string, env: Record<string, string> = {}): string {
  const outDir = `dist-e2e-${label}`;
  const build = spawnSync(path.join(repoRoot, pkg, 'node_modules/.bin/rspack'), ['build'], {
    cwd: path.join(repoRoot, pkg),
    env: { ...process.env, ...env, PORTAL_BUILD_LABEL: label, PORTAL_OUT_DIR: outDir },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`building ${pkg} (${label}) failed:\n${build.stderr}`);
  return path.join(repoRoot, pkg, outDir);
}

/**
 * Builds another copy of a remote, told apart by its build label (data-remote-build), and stages it
 * as `<releases>/<pkg>/<label>/`. Returns its remotes.json entry (manifest path and sha384).
 */
export function stageLabelledBuild(
  pkg: string,
  label: string,
  releases: string,
  env: Record<string, string> = {},
): RemoteEntry {
  const outDir = buildLabelled(pkg, label, env);
  cpSync(outDir, path.join(releases, pkg, label), { recursive: true });
  rmSync(outDir, { recursive: true, force: true });
  return releaseEntry(releases, pkg, label);
}

export interface ReleaseCliResult {
  code: number;
  /** The --json answer: `{ ok, command, result }` or `{ ok: false, error, problems }`. */
  answer: {
    ok: boolean;
    error?: string;
    problems?: string[];
    result?: Record<string, unknown>;
    /** A refused smoke's report (verify --smoke). */
    smoke?: { rendered: string[]; notChecked: string[] };
  };
}

/** Runs the release tool as a release engineer would (`node scripts/release.mjs … --json`) on a release directory. */
export function releaseCli(releases: string, ...args: string[]): ReleaseCliResult {
  const run = spawnSync(process.execPath, ['scripts/release.mjs', ...args, '--dir', releases, '--json'], {
    cwd: repoRoot,
    env: { ...process.env, USER: 'e2e.release' },
    encoding: 'utf8',
  });
  try {
    return { code: run.status ?? -1, answer: JSON.parse(run.stdout) };
  } catch {
    throw new Error(
      `release ${args.join(' ')} printed no JSON (exit ${run.status}):\n${run.stdout}${run.stderr}`,
    );
  }
}
