import { type ReleaseContext, releaseLog } from '../context.js';
import { ReleaseError } from '../errors.js';
import type { PromoteOptions, PromoteResult } from '../promote.js';
import type { LoggedBuild } from '../releaseLog.js';
import type { RollbackResult } from '../rollback.js';
import { HOST } from './hostBuild.js';
import { type HostEntry, readHostEntry, writeHostEntry } from './hostConfig.js';
import { recordPath, requireVerifiedHost } from './hostVerify.js';

/** A host.json build as the release log records it. */
function logged(build: { release: string; integrity: string }): LoggedBuild {
  return { release: build.release, manifest: recordPath(build.release), integrity: build.integrity };
}

/**
 * Verifies the host build, then names it in host.json (written atomically) and logs who switched
 * what when, as `promote` does for a remote. With a canary the live host stays and the new one is
 * named for `canary` % of new sessions; a full promote ends any canary.
 */
export function promoteHost(
  context: ReleaseContext,
  release: string,
  options: PromoteOptions = {},
): PromoteResult {
  const { dir } = context;
  dir.assertExists();
  const { canary } = options;
  if (canary !== undefined && !(Number.isInteger(canary) && canary >= 1 && canary <= 99)) {
    throw new ReleaseError(`--canary takes a whole percentage from 1 to 99, not '${canary}'`);
  }
  const live = readHostEntry(dir.hostFile);
  const target = requireVerifiedHost(context, release);
  const to = logged(target);
  const from = live ? logged(live) : null;
  let next: HostEntry;
  let changed: boolean;
  if (canary !== undefined) {
    if (!live)
      throw new ReleaseError('The host has no live release to run a canary beside: promote one first');
    if (live.release === release) throw new ReleaseError(`${HOST} ${release} is already live`);
    changed =
      live.canary?.release !== release ||
      live.canary.integrity !== target.integrity ||
      live.canary.percent !== canary;
    next = {
      release: live.release,
      integrity: live.integrity,
      canary: { release, integrity: target.integrity, percent: canary },
    };
  } else {
    changed = !(live && live.release === release && live.integrity === target.integrity && !live.canary);
    next = { release, integrity: target.integrity };
  }
  const action = canary === undefined ? 'promote' : 'canary';
  if (changed) {
    writeHostEntry(dir.hostFile, next);
    if (options.log !== false) {
      releaseLog(context).append({
        at: context.now().toISOString(),
        by: context.by,
        remote: HOST,
        action,
        from,
        to,
        ...(canary === undefined ? {} : { percent: canary }),
      });
    }
  }
  return { remote: HOST, action, from, to, ...(canary === undefined ? {} : { percent: canary }), changed };
}

/**
 * During a host canary, ends it; otherwise goes back to the host build live before the current
 * one, as the release log tells, after the same checks as a promote.
 */
export function rollbackHost(context: ReleaseContext): RollbackResult {
  const { dir } = context;
  dir.assertExists();
  const live = readHostEntry(dir.hostFile);
  if (!live) throw new ReleaseError(`${dir.hostFile} names no host release: nothing to roll back`);
  const log = releaseLog(context);
  const current = logged(live);
  const entry = { at: context.now().toISOString(), by: context.by, remote: HOST };
  if (live.canary) {
    const from = logged(live.canary);
    writeHostEntry(dir.hostFile, { release: live.release, integrity: live.integrity });
    log.append({ ...entry, action: 'end-canary', from, to: current });
    return { remote: HOST, action: 'end-canary', from, to: current };
  }
  const history = log.liveHistory(HOST);
  while (history.length > 0 && history.at(-1)?.release === current.release) history.pop();
  const previous = history.at(-1);
  if (!previous) throw new ReleaseError(`The release log has no host build from before ${current.release}`);
  const target = requireVerifiedHost(context, previous.release);
  const to = logged(target);
  writeHostEntry(dir.hostFile, { release: target.release, integrity: target.integrity });
  log.append({ ...entry, action: 'rollback', from: current, to });
  return { remote: HOST, action: 'rollback', from: current, to };
}
