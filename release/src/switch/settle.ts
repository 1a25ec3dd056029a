import path from 'node:path';
import type { ReleaseDir } from '../releaseDir.js';
import { ReleaseState } from '../releaseState.js';
import { configFile } from './applySwitch.js';
import { appendLogLine } from './logAppend.js';

/**
 * Closes every switch a stopped command left unfinished (an intention without an outcome): under
 * the lock, before the command decides anything, it appends `applied` when the file holds the
 * bytes the switch meant to write and `abandoned` when it does not. Each is told to `notify`.
 */
export function settleUnfinished(dir: ReleaseDir, notify?: (message: string) => void): void {
  for (const { entry, applied } of ReleaseState.read(dir).log.unfinished()) {
    const file = path.basename(configFile(dir, entry.intent.file));
    const note = applied ? `${file} holds what it meant to write` : `${file} was never written`;
    appendLogLine(dir.logFile, {
      outcome: applied ? 'applied' : 'abandoned',
      id: entry.intent.id,
      at: new Date().toISOString(),
      note,
    });
    notify?.(
      `an interrupted ${entry.action} of ${entry.remote} to ${entry.to.release} (by ${entry.by} at ${entry.at}) ` +
        `is recorded as ${applied ? 'done' : 'not done'}: ${note}`,
    );
  }
}
