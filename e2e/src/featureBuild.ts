import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './servers';

/** A change to one source file of the copy: its new text from the old. */
export type SourceEdit = (text: string) => string;

/**
 * Builds a remote as it was before a feature: a copy of the package's sources (its own
 * node_modules linked, so the same dependencies resolve) with the feature's files edited away,
 * built with the package's own Rspack config into `<copy>/dist`. Returns the copy's folder (the
 * build is its `dist/`); the caller removes it.
 */
export function buildBefore(pkg: string, label: string, edits: Record<string, SourceEdit>): string {
  const source = path.join(repoRoot, pkg);
  const copy = path.join(repoRoot, '.tmp', `${pkg}-${label}`);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  // content/: remote-help's texts, imported from its sources; lang/: the message catalogues the
  // build compiles (tooling/src/catalogues.ts).
  for (const entry of [
    'src',
    'content',
    'lang',
    'exposes.ts',
    'rspack.config.ts',
    'package.json',
    'tsconfig.json',
  ]) {
    if (existsSync(path.join(source, entry)))
      cpSync(path.join(source, entry), path.join(copy, entry), { recursive: true });
  }
  symlinkSync(path.join(source, 'node_modules'), path.join(copy, 'node_modules'));
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(copy, file);
    writeFileSync(target, edit(readFileSync(target, 'utf8')));
  }
  const build = spawnSync(path.join(copy, 'node_modules/.bin/rspack'), ['build'], {
    cwd: copy,
    env: { ...process.env, PORTAL_BUILD_LABEL: label },
    encoding: 'utf8',
  });
  // Rspack prints its errors on stdout and only warnings on stderr: quote both.
  if (build.status !== 0)
    throw new Error(`building ${pkg} before the feature failed:\n${build.stdout}\n${build.stderr}`);
  return copy;
}
