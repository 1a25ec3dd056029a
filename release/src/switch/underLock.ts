import { type LockSettings, ReleaseLock } from '../lock/releaseLock.js';
import type { ReleaseDir } from '../releaseDir.js';
import { settleUnfinished } from './settle.js';

/**
 * Runs a command that changes the release directory with its exclusive lock held: the lock is
 * taken (waiting, or refused naming its holder), a switch a stopped command left unfinished is
 * settled, then `work` reads the state it decides on, under the lock, and the lock is given up.
 */
export function underLock<T>(
  dir: ReleaseDir,
  command: string,
  settings: LockSettings,
  work: (lock: ReleaseLock) => T,
): T {
  dir.assertExists();
  const lock = ReleaseLock.acquire(dir.lockFile, command, settings);
  try {
    settleUnfinished(dir, settings.notify);
    return work(lock);
  } finally {
    lock.release();
  }
}
