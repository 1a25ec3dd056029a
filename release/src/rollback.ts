import { type ReleaseContext, releaseLog, resolveRemote } from './context.js';
import { ReleaseError } from './errors.js';
import { readHostFacts } from './hostFacts.js';
import { loggedBuild } from './promote.js';
import type { LoggedBuild } from './releaseLog.js';
import { RemotesConfig } from './remotesConfig.js';
import { requireVerified } from './verify.js';

export interface RollbackResult {
  /** A remote's name, or host. */
  remote: string;
  /** rollback: back to the previous live build; end-canary: the canary was taken away. */
  action: 'rollback' | 'end-canary';
  from: LoggedBuild;
  to: LoggedBuild;
}

/**
 * During a canary, ends it (the live build serves everyone again). Otherwise switches back to the
 * build that was live before the current one, as the release log tells, after the same checks
 * as a promote.
 */
export function rollback(context: ReleaseContext, remoteInput: string): RollbackResult {
  const { dir } = context;
  dir.assertExists();
  const remote = resolveRemote(remoteInput);
  const config = RemotesConfig.read(dir.remotesFile);
  const live = config.entry(remote.name);
  if (!live) throw new ReleaseError(`${dir.remotesFile} does not name ${remote.name}: nothing to roll back`);
  const log = releaseLog(context);
  const current = loggedBuild(dir, remote, live);

  if (live.canary) {
    const to = current;
    const from = loggedBuild(dir, remote, live.canary);
    config.with(remote.name, { manifest: live.manifest, integrity: live.integrity ?? '' }).write();
    log.append({
      at: context.now().toISOString(),
      by: context.by,
      remote: remote.name,
      action: 'end-canary',
      from,
      to,
    });
    return { remote: remote.name, action: 'end-canary', from, to };
  }

  const history = log.liveHistory(remote.name);
  while (history.length > 0 && history.at(-1)?.release === current.release) history.pop();
  const previous = history.at(-1);
  if (!previous) {
    throw new ReleaseError(`The release log has no build of ${remote.name} from before ${current.release}`);
  }
  const target = requireVerified(dir, remote, previous.release, readHostFacts(context.hostDist));
  const to: LoggedBuild = {
    release: previous.release,
    manifest: target.manifest,
    integrity: target.integrity,
  };
  config.with(remote.name, { manifest: target.manifest, integrity: target.integrity }).write();
  log.append({
    at: context.now().toISOString(),
    by: context.by,
    remote: remote.name,
    action: 'rollback',
    from: current,
    to,
  });
  return { remote: remote.name, action: 'rollback', from: current, to };
}
