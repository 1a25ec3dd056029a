import { lockSettings, type ReleaseContext } from '../context.js';
import { ReleaseState } from '../releaseState.js';
import { applySwitch, type PlannedSwitch } from './applySwitch.js';
import { underLock } from './underLock.js';

/** A command's decision: what it answers, and the switch it writes (none: nothing changes). */
export interface Planned<R> {
  result: R;
  change: PlannedSwitch | undefined;
}

/**
 * Runs a switching command (promote, rollback, for a remote or the host): `plan` decides on the
 * state read under the lock, and its switch is written (applySwitch). With `dryRun`, `plan` runs
 * on the state as it is now, every check included, and nothing is written, not even a lock file.
 */
export function runSwitch<R extends object>(
  context: ReleaseContext,
  command: string,
  dryRun: boolean | undefined,
  plan: (state: ReleaseState) => Planned<R>,
): R & { dryRun?: true } {
  if (dryRun) {
    context.dir.assertExists();
    return { ...plan(ReleaseState.read(context.dir)).result, dryRun: true };
  }
  return underLock(context.dir, command, lockSettings(context), (lock) => {
    const { result, change } = plan(ReleaseState.read(context.dir));
    if (change) applySwitch(context.dir, lock, change);
    return result;
  });
}
