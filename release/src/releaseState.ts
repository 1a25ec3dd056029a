import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type HostEntry, parseHostEntry } from './host/hostConfig.js';
import type { ReleaseDir } from './releaseDir.js';
import { ReleaseLog } from './releaseLog.js';
import { RemotesConfig } from './remotesConfig.js';

function readBytes(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

const sha256 = (bytes: Buffer | undefined) =>
  bytes === undefined ? undefined : createHash('sha256').update(bytes).digest('hex');

/** How often a reading is retried while switches keep landing between its two looks at the log. */
const ATTEMPTS = 20;

/**
 * remotes.json, host.json and the release log read as one moment. Under the lock nothing else
 * writes them. Without it (status, --dry-run), a switch may land while they are read: every switch
 * appends to the log before it writes its file, so when the log reads the same before and after
 * the two files, no switch wrote them in between, and the reading is whole.
 */
export class ReleaseState {
  private constructor(
    private readonly dir: ReleaseDir,
    private readonly remotesText: string | undefined,
    private readonly hostText: string | undefined,
    readonly log: ReleaseLog,
  ) {}

  static read(dir: ReleaseDir): ReleaseState {
    for (let attempt = 1; ; attempt += 1) {
      const before = readBytes(dir.logFile);
      const remotes = readBytes(dir.remotesFile);
      const host = readBytes(dir.hostFile);
      const after = readBytes(dir.logFile);
      const whole = before === after || (before !== undefined && after !== undefined && before.equals(after));
      if (whole || attempt === ATTEMPTS) {
        const log = ReleaseLog.parse(after?.toString('utf8') ?? '', {
          remotes: sha256(remotes),
          host: sha256(host),
        });
        return new ReleaseState(dir, remotes?.toString('utf8'), host?.toString('utf8'), log);
      }
    }
  }

  /** remotes.json (a file that does not parse is refused: it is never overwritten). */
  config(): RemotesConfig {
    return RemotesConfig.parse(this.dir.remotesFile, this.remotesText);
  }

  /** host.json's entry, undefined without a host.json (refused when it does not parse). */
  host(): HostEntry | undefined {
    return parseHostEntry(this.dir.hostFile, this.hostText);
  }
}
