import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The screen states the axe guard has analysed in this run, shared by every worker: a state is
 * analysed once per run, whichever worker shows it first (not once per worker), which is most of
 * what the guard costs. A claim is a file created exclusively in a directory the run's global
 * set-up makes (E2E_SCREEN_CLAIMS); without it (a worker started some other way) the claims
 * fall back to this worker's memory.
 */
export interface ScreenClaims {
  /** True when this call claimed the state; false when it was claimed before. */
  claim(key: string): boolean;
  /** Gives a claim back (the analysis could not finish; the state is checked when shown again). */
  release(key: string): void;
}

const CLAIMS_DIR = 'E2E_SCREEN_CLAIMS';

const fileName = (key: string) => createHash('sha256').update(key).digest('hex');

export function screenClaims(): ScreenClaims {
  const dir = process.env[CLAIMS_DIR];
  if (!dir) {
    const claimed = new Set<string>();
    return {
      claim: (key) => !claimed.has(key) && Boolean(claimed.add(key)),
      release: (key) => void claimed.delete(key),
    };
  }
  return {
    claim(key) {
      try {
        writeFileSync(path.join(dir, fileName(key)), key, { flag: 'wx' });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
    },
    release(key) {
      try {
        unlinkSync(path.join(dir, fileName(key)));
      } catch {
        // Already given back.
      }
    },
  };
}

/** The run's global set-up: one claims directory for all its workers, removed at the end. */
export function openScreenClaims(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-screens-'));
  process.env[CLAIMS_DIR] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
