import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ReleaseError } from '../errors.js';
import {
  createExclusive,
  type Holder,
  type LockOwner,
  readHolder,
  removeIfStill,
  sameHolder,
} from './lockFile.js';

/** How long a command waits for another one's lock before refusing, unless told (`--wait`). */
export const DEFAULT_WAIT_MS = 30_000;
/**
 * A lock older than this is taken as abandoned, whoever holds it: a command holds the lock for
 * seconds (the checks and a copy), and a holder on another machine cannot be asked whether it runs.
 */
export const STALE_AFTER_MS = 10 * 60_000;

export interface LockSettings {
  /** How long to wait for a lock another process holds (milliseconds). */
  waitMs?: number;
  /** Told once when the command has to wait, naming the holder. */
  notify?: (message: string) => void;
}

/** Blocks the thread: the commands are synchronous, and the lock is all they wait for. */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether the process runs on this machine (a process of another user answers EPERM: it runs). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

function takenAt(holder: Holder): number {
  const at = holder.owner ? Date.parse(holder.owner.at) : Number.NaN;
  return Number.isNaN(at) ? holder.modified.getTime() : at;
}

/**
 * Why a lock is abandoned, or undefined while its holder may still run: on this machine, a holder
 * whose process has ended; anywhere, a lock older than STALE_AFTER_MS (or unreadable and older).
 */
function staleness(holder: Holder, now = Date.now()): string | undefined {
  const { owner } = holder;
  if (owner && owner.host === hostname() && !isRunning(owner.pid))
    return `pid ${owner.pid} on ${owner.host} has ended`;
  if (now - takenAt(holder) > STALE_AFTER_MS)
    return `it was taken at ${new Date(takenAt(holder)).toISOString()}, more than ${STALE_AFTER_MS / 60_000} minutes ago`;
  return undefined;
}

/** "promote remote_factors 1.0.0-… (pid 4242 on build-01, since 2026-11-23T10:00:00.000Z)" */
function describeHolder(holder: Holder): string {
  return holder.owner
    ? `${holder.owner.command || 'a release command'} (pid ${holder.owner.pid} on ${holder.owner.host}, since ${holder.owner.at})`
    : `an unreadable lock (written ${holder.modified.toISOString()})`;
}

/** An exclusive lock on a release directory, held by this process until released. */
export class ReleaseLock {
  private constructor(
    readonly file: string,
    readonly owner: LockOwner,
  ) {}

  /**
   * Takes the lock `file`, waiting up to `waitMs` for another holder to release it. A lock whose
   * holder is gone (staleness) is taken away first. When the wait runs out, a ReleaseError names
   * the holder and says when its lock counts as abandoned.
   */
  static acquire(file: string, command: string, settings: LockSettings = {}): ReleaseLock {
    const waitMs = settings.waitMs ?? DEFAULT_WAIT_MS;
    const token = randomUUID();
    const deadline = Date.now() + waitMs;
    let told = false;
    for (let attempt = 0; ; attempt += 1) {
      const owner: LockOwner = {
        pid: process.pid,
        host: hostname(),
        at: new Date().toISOString(),
        command,
        token,
      };
      if (createExclusive(file, owner)) return new ReleaseLock(file, owner);
      const holder = readHolder(file);
      if (!holder) continue;
      if (staleness(holder) !== undefined && removeIfStill(file, holder, owner)) continue;
      if (Date.now() >= deadline) {
        throw new ReleaseError(
          `The release directory is busy: ${file} is held by ${describeHolder(holder)}. ` +
            `Waited ${waitMs / 1000} s; try again when it has finished (--wait SECONDS waits longer)` +
            (holder.owner?.host === hostname()
              ? '. The lock is taken over as soon as that process ends.'
              : `. If that process is gone, the lock counts as abandoned at ${new Date(takenAt(holder) + STALE_AFTER_MS).toISOString()}.`),
        );
      }
      if (!told) {
        settings.notify?.(`waiting for the release directory: ${describeHolder(holder)} holds ${file}`);
        told = true;
      }
      // 20, 40, 80… up to 250 ms, with jitter so that waiting processes do not retry in step.
      sleep(Math.min(250, 20 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
    }
  }

  /** Refuses to go on when the lock is no longer this process's (taken away as abandoned). */
  assertHeld(): void {
    const holder = readHolder(this.file);
    if (!holder || !sameHolder(holder, { owner: this.owner, modified: holder.modified })) {
      throw new ReleaseError(
        `Lost the lock on the release directory (${this.file}) before writing: it was taken as abandoned. Nothing was written; run the command again`,
      );
    }
  }

  /** Gives the lock up; a lock another process has taken since is left to it. */
  release(): void {
    const mine: Holder = { owner: this.owner, modified: new Date(0) };
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const holder = readHolder(this.file);
      if (!holder || !sameHolder(holder, mine)) return;
      if (removeIfStill(this.file, holder, this.owner)) return;
      sleep(10);
    }
  }
}
