// Stages each remote's fresh build with the release tool (release/): its immutable folder
// .releases/<package>/<version>-<content hash>/ with integrity.json, then promotes it in
// .releases/remotes.json (unless --no-config), logging the switch when it changes anything, and
// prunes the folders nothing needs any more (every rebuild stages a new one). Then the same for the
// host's fresh build (host/dist → .releases/host/<release>/, named in .releases/host.json): the
// portal server serves the host from there. The remotes go first, checked against host/dist (the
// host about to be promoted); the host is then checked against the remotes now live.
// Used by `npm start`, `npm test` and the e2e suite; release engineers use scripts/release.mjs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { releaseModule } from './releaseTool.mjs';

const root = path.resolve(import.meta.dirname, '..');
const releasesDir = process.env.RELEASES_DIR ?? path.join(root, '.releases');

const [
  { remotePackages },
  { ReleaseDir },
  { stageBuild },
  { promote },
  { prune },
  { ReleaseError },
  { stageHost },
  { promoteHost },
] = await Promise.all(
  ['remotes', 'releaseDir', 'stage', 'promote', 'prune', 'errors', 'host/hostStage', 'host/hostSwitch'].map(
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
    const host = stageHost(releases, context.hostDist);
    if (!process.argv.includes('--no-config')) {
      // Everything here was built together, but each promotion is checked against what is live:
      // a claim (path, next action, factor) that moved between remotes, or a kernel the live host
      // does not provide yet, is refused until the rest is promoted. So: one pass that notes what
      // was refused, then those again once the others are live (a real problem is refused twice).
      const builds = [
        { name: 'host', promote: () => promoteHost(context, host.release) },
        ...staged.map((build) => ({
          name: build.name,
          promote: () => promote(context, build.name, build.release),
        })),
      ];
      const refused = [];
      for (const build of builds) {
        try {
          build.promote();
        } catch (error) {
          if (!(error instanceof ReleaseError)) throw error;
          refused.push(build);
        }
      }
      for (const build of refused) build.promote();
      for (const build of builds) prune(context, build.name);
    }
    for (const build of staged) config[build.name] = { manifest: build.manifest, integrity: build.integrity };
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    console.error([`stage-releases: ${error.message}`, ...error.problems.map((p) => `  - ${p}`)].join('\n'));
    process.exit(1);
  }
  console.log(JSON.stringify(config, null, 2));
}
