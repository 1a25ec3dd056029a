import { createHash, randomUUID } from 'node:crypto';
import { writeTextAtomically } from '../atomicWrite.js';
import type { ReleaseLock } from '../lock/releaseLock.js';
import type { ReleaseDir } from '../releaseDir.js';
import type { ConfigFile, NewLogEntry } from '../releaseLog.js';
import { appendLogLine } from './logAppend.js';
import { crashPoint } from './testCrash.js';

/** What a switching command decided, before anything is written. */
export interface PlannedSwitch {
  file: ConfigFile;
  /** The file's whole new text. */
  text: string;
  /** What the release log records; undefined when nothing live changes (a rewrite of the same build). */
  entry: NewLogEntry | undefined;
}

export function configFile(dir: ReleaseDir, file: ConfigFile): string {
  return file === 'remotes' ? dir.remotesFile : dir.hostFile;
}

/**
 * Writes a switch under the lock, file and log as one step that a crash at any point leaves
 * consistent: (1) the log entry with its intention (the file and the sha256 of the bytes about to
 * be written), flushed; (2) the file, replaced atomically; (3) the outcome `applied`. Stopped
 * after (1), the file is unchanged and the next command records the switch `abandoned`; stopped
 * after (2), the file holds the new bytes and the next command records it `applied` (settle.ts).
 * Readers in between judge the unfinished switch by the file the same way (releaseLog.ts).
 */
export function applySwitch(dir: ReleaseDir, lock: ReleaseLock, planned: PlannedSwitch): void {
  lock.assertHeld();
  const file = configFile(dir, planned.file);
  if (!planned.entry) {
    writeTextAtomically(file, planned.text);
    return;
  }
  const id = randomUUID();
  const sha256 = createHash('sha256').update(planned.text).digest('hex');
  appendLogLine(dir.logFile, { ...planned.entry, intent: { id, file: planned.file, sha256 } });
  crashPoint('after-intent');
  try {
    writeTextAtomically(file, planned.text);
  } catch (error) {
    appendLogLine(dir.logFile, { outcome: 'abandoned', id, at: new Date().toISOString() });
    throw error;
  }
  crashPoint('after-write');
  appendLogLine(dir.logFile, { outcome: 'applied', id, at: new Date().toISOString() });
}
