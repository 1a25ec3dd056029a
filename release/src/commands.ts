import path from 'node:path';
import { liveHostDist, lockSettings, type ReleaseContext, resolveRemote } from './context.js';
import { readHostFacts } from './hostFacts.js';
import { type Staged, type StageOptions, stageBuild } from './stage.js';
import { type VerifyReport, verifyRelease } from './verify.js';

/** Where a remote's fresh build is, when --from does not say: `<repo>/<package>/dist`. */
export function defaultBuildDir(repoRoot: string, pkg: string): string {
  return path.join(repoRoot, pkg, 'dist');
}

export function stage(
  context: ReleaseContext,
  remoteInput: string,
  from: string,
  options: Omit<StageOptions, 'lock'> = {},
): Staged {
  return stageBuild(context.dir, resolveRemote(remoteInput), from, {
    ...options,
    lock: lockSettings(context),
  });
}

export function verify(context: ReleaseContext, remoteInput: string, release: string): VerifyReport {
  context.dir.assertExists();
  const remote = resolveRemote(remoteInput);
  return verifyRelease(context.dir, remote, release, readHostFacts(liveHostDist(context)));
}
