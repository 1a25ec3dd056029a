import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './servers';

/** A private copy of the staged releases (.releases/), so a test may edit remotes.json freely. */
export function copyReleases(): string {
  const releases = mkdtempSync(path.join(tmpdir(), 'portal-releases-'));
  cpSync(path.join(repoRoot, '.releases'), releases, { recursive: true });
  return releases;
}

/**
 * Builds another copy of a remote, told apart by its build label (data-remote-build), and stages it
 * as `<releases>/<pkg>/<label>/`. Returns its manifest path as remotes.json names it.
 */
export function stageLabelledBuild(
  pkg: string,
  label: string,
  releases: string,
  env: Record<string, string> = {},
): string {
  const outDir = `dist-e2e-${label}`;
  const build = spawnSync(path.join(repoRoot, pkg, 'node_modules/.bin/rspack'), ['build'], {
    cwd: path.join(repoRoot, pkg),
    env: { ...process.env, ...env, PORTAL_BUILD_LABEL: label, PORTAL_OUT_DIR: outDir },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`building ${pkg} (${label}) failed:\n${build.stderr}`);
  cpSync(path.join(repoRoot, pkg, outDir), path.join(releases, pkg, label), { recursive: true });
  rmSync(path.join(repoRoot, pkg, outDir), { recursive: true, force: true });
  return `/remotes/${pkg}/${label}/mf-manifest.json`;
}
