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
 * state read under the lock, and its switch is written (applySwitch).
 */
export function runSwitch<R>(
  context: ReleaseContext,
  command: string,
  plan: (state: ReleaseState) => Planned<R>,
): R {
  return underLock(context.dir, command, lockSettings(context), (lock) => {
    const { result, change } = plan(ReleaseState.read(context.dir));
    if (change) applySwitch(context.dir, lock, change);
    return result;
  });
}
