// Stages each remote's fresh build with the release tool (release/): its immutable folder
// .releases/<package>/<version>-<content hash>/ with integrity.json, then promotes it in
// .releases/remotes.json (unless --no-config), logging the switch when it changes anything, and
// prunes the folders nothing needs any more (every rebuild stages a new one).
// Used by `npm start`, `npm test` and the e2e suite; release engineers use scripts/release.mjs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { releaseModule } from './releaseTool.mjs';

const root = path.resolve(import.meta.dirname, '..');
const releasesDir = process.env.RELEASES_DIR ?? path.join(root, '.releases');

const [{ remotePackages }, { ReleaseDir }, { stageBuild }, { promote }, { prune }, { ReleaseError }] =
  await Promise.all(
    ['remotes', 'releaseDir', 'stage', 'promote', 'prune', 'errors'].map(
      (name) => import(releaseModule(name)),
    ),
  );

export const remotes = { ...remotePackages };
const dir = () => {
  mkdirSync(releasesDir, { recursive: true });
  return new ReleaseDir(releasesDir, process.env.REMOTES_CONFIG);
};

/** Stages one build folder of a remote package; returns its remotes.json entry ({ manifest, integrity }). */
export function stage(pkg, distDir) {
  const name = Object.keys(remotes).find((key) => remotes[key] === pkg);
  const { manifest, integrity } = stageBuild(dir(), { name, pkg }, distDir);
  return { manifest, integrity };
}

if (process.argv[1] === import.meta.filename) {
  const config = {};
  try {
    const releases = dir();
    const context = {
      dir: releases,
      hostDist: process.env.HOST_DIST ?? path.join(root, 'host', 'dist'),
      by: 'stage-releases',
      now: () => new Date(),
    };
    const staged = Object.entries(remotes).map(([name, pkg]) => ({
      name,
      ...stageBuild(releases, { name, pkg }, path.join(root, pkg, 'dist')),
    }));
    if (!process.argv.includes('--no-config')) {
      // A claim (path, next action, factor) that moved from one remote to another collides with the
      // other remote's live build until both are promoted: a build refused in the first pass is
      // promoted again once the others are live (a real collision is refused both times).
      const refused = [];
      for (const build of staged) {
        try {
          promote(context, build.name, build.release);
        } catch (error) {
          if (!(error instanceof ReleaseError)) throw error;
          refused.push(build);
        }
      }
      for (const build of refused) promote(context, build.name, build.release);
      for (const build of staged) prune(context, build.name);
    }
    for (const build of staged) config[build.name] = { manifest: build.manifest, integrity: build.integrity };
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    console.error([`stage-releases: ${error.message}`, ...error.problems.map((p) => `  - ${p}`)].join('\n'));
    process.exit(1);
  }
  console.log(JSON.stringify(config, null, 2));
}
