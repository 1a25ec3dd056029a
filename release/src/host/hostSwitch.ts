import type { SwitchContext } from '../context.js';
import { ReleaseError } from '../errors.js';
import { recordedRevision } from '../integrityRecord.js';
import { checkCanary, type PromoteOptions, type PromoteResult } from '../promote.js';
import type { ReleaseDir } from '../releaseDir.js';
import type { LoggedBuild } from '../releaseLog.js';
import type { ReleaseState } from '../releaseState.js';
import type { RollbackResult } from '../rollback.js';
import { type Planned, runSwitch } from '../switch/runSwitch.js';
import { switchEntry } from '../switch/switchEntry.js';
import { HOST, HOST_PKG } from './hostBuild.js';
import { type HostEntry, hostEntryText } from './hostConfig.js';
import { recordPath, requireVerifiedHost } from './hostVerify.js';

/** A host.json build as the release log records it, with the revision its folder was staged from. */
function logged(dir: ReleaseDir, build: { release: string; integrity: string }): LoggedBuild {
  return {
    release: build.release,
    manifest: recordPath(build.release),
    integrity: build.integrity,
    revision: recordedRevision(dir.folderOf({ pkg: HOST_PKG }, build.release)),
  };
}

function planPromoteHost(
  context: SwitchContext,
  state: ReleaseState,
  release: string,
  canary: number | undefined,
): Planned<PromoteResult> {
  const { dir } = context;
  const live = state.host();
  const target = requireVerifiedHost(context, release);
  const to = logged(dir, target);
  const from = live ? logged(dir, live) : null;
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
  return {
    result: { remote: HOST, action, from, to, ...(canary === undefined ? {} : { percent: canary }), changed },
    change: changed
      ? {
          file: 'host',
          text: hostEntryText(next),
          entry: switchEntry(context, { remote: HOST, action, from, to, percent: canary }),
        }
      : undefined,
  };
}

/**
 * Verifies the host build, then names it in host.json (written atomically) and logs who switched
 * what when, as `promote` does for a remote, under the same lock. With a canary the live host
 * stays and the new one is named for `canary` % of new sessions; a full promote ends any canary.
 */
export function promoteHost(
  context: SwitchContext,
  release: string,
  options: PromoteOptions = {},
): PromoteResult {
  checkCanary(options.canary);
  return runSwitch(context, `promote ${HOST} ${release}`, options.dryRun, (state) =>
    planPromoteHost(context, state, release, options.canary),
  );
}

function planRollbackHost(context: SwitchContext, state: ReleaseState): Planned<RollbackResult> {
  const { dir } = context;
  const live = state.host();
  if (!live) throw new ReleaseError(`${dir.hostFile} names no host release: nothing to roll back`);
  const current = logged(dir, live);
  if (live.canary) {
    const from = logged(dir, live.canary);
    return {
      result: { remote: HOST, action: 'end-canary', from, to: current },
      change: {
        file: 'host',
        text: hostEntryText({ release: live.release, integrity: live.integrity }),
        entry: switchEntry(context, { remote: HOST, action: 'end-canary', from, to: current }),
      },
    };
  }
  const history = state.log.liveHistory(HOST);
  while (history.length > 0 && history.at(-1)?.release === current.release) history.pop();
  const previous = history.at(-1);
  if (!previous) throw new ReleaseError(`The release log has no host build from before ${current.release}`);
  const target = requireVerifiedHost(context, previous.release);
  const to = logged(dir, target);
  return {
    result: { remote: HOST, action: 'rollback', from: current, to },
    change: {
      file: 'host',
      text: hostEntryText({ release: target.release, integrity: target.integrity }),
      entry: switchEntry(context, { remote: HOST, action: 'rollback', from: current, to }),
    },
  };
}

/**
 * During a host canary, ends it; otherwise goes back to the host build live before the current
 * one, as the release log tells, after the same checks as a promote.
 */
export function rollbackHost(context: SwitchContext, options: { dryRun?: boolean } = {}): RollbackResult {
  return runSwitch(context, `rollback ${HOST}`, options.dryRun, (state) => planRollbackHost(context, state));
}
