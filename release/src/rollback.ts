import { liveHostDist, resolveRemote, type SwitchContext } from './context.js';
import { ReleaseError } from './errors.js';
import { readHostFacts } from './hostFacts.js';
import { recordedRevision } from './integrityRecord.js';
import { loggedBuild } from './promote.js';
import type { LoggedBuild } from './releaseLog.js';
import type { ReleaseState } from './releaseState.js';
import type { Remote } from './remotes.js';
import { type Planned, runSwitch } from './switch/runSwitch.js';
import { switchEntry } from './switch/switchEntry.js';
import { requireVerified } from './verify.js';

export interface RollbackResult {
  /** A remote's name, or host. */
  remote: string;
  /** rollback: back to the previous live build; end-canary: the canary was taken away. */
  action: 'rollback' | 'end-canary';
  from: LoggedBuild;
  to: LoggedBuild;
  /** Only checked (--dry-run): nothing was written. */
  dryRun?: true;
}

function planRollback(
  context: SwitchContext,
  state: ReleaseState,
  remote: Remote,
  reason: string | undefined,
  expectCanary: string | undefined,
): Planned<RollbackResult> {
  const { dir } = context;
  const config = state.config();
  const live = config.entry(remote.name);
  if (!live) throw new ReleaseError(`${dir.remotesFile} does not name ${remote.name}: nothing to roll back`);
  const current = loggedBuild(dir, remote, live);

  if (expectCanary !== undefined && live.canary?.manifest !== expectCanary)
    throw new ReleaseError(
      `${remote.name} no longer runs the canary ${expectCanary}: someone switched it meanwhile; nothing rolled back`,
    );
  if (live.canary) {
    const from = loggedBuild(dir, remote, live.canary);
    const next = config.with(remote.name, { manifest: live.manifest, integrity: live.integrity ?? '' });
    return {
      result: { remote: remote.name, action: 'end-canary', from, to: current },
      change: {
        file: 'remotes',
        text: next.text(),
        entry: switchEntry(context, { remote: remote.name, action: 'end-canary', from, to: current, reason }),
      },
    };
  }

  const history = state.log.liveHistory(remote.name);
  while (history.length > 0 && history.at(-1)?.release === current.release) history.pop();
  const previous = history.at(-1);
  if (!previous) {
    throw new ReleaseError(`The release log has no build of ${remote.name} from before ${current.release}`);
  }
  const target = requireVerified(dir, remote, previous.release, readHostFacts(liveHostDist(context)));
  const to: LoggedBuild = {
    release: previous.release,
    manifest: target.manifest,
    integrity: target.integrity,
    revision: recordedRevision(dir.folderOf(remote, previous.release)),
  };
  const next = config.with(remote.name, { manifest: target.manifest, integrity: target.integrity });
  return {
    result: { remote: remote.name, action: 'rollback', from: current, to },
    change: {
      file: 'remotes',
      text: next.text(),
      entry: switchEntry(context, { remote: remote.name, action: 'rollback', from: current, to, reason }),
    },
  };
}

/**
 * During a canary, ends it (the live build serves everyone again). Otherwise switches back to the
 * build that was live before the current one, as the release log tells, after the same checks
 * as a promote. The state and the log are read under the release directory's lock.
 */
export function rollback(
  context: SwitchContext,
  remoteInput: string,
  options: {
    dryRun?: boolean;
    /** Why (logged): the tool rolls back by itself (promote --watch). */
    reason?: string;
    /** Only end this canary (its manifest): refused when remotes.json runs another or none. */
    expectCanary?: string;
  } = {},
): RollbackResult {
  const remote = resolveRemote(remoteInput);
  return runSwitch(context, `rollback ${remote.name}`, options.dryRun, (state) =>
    planRollback(context, state, remote, options.reason, options.expectCanary),
  );
}
