import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReleaseError } from '../src/errors.js';
import { ReleaseLock, STALE_AFTER_MS } from '../src/lock/releaseLock.js';

/** The release directory's lock (src/lock/): exclusive, stale locks taken over, bounded waits. */
describe('the release lock', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'release-lock-'));
    file = path.join(dir, 'release.lock');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A lock file as another holder would have written it. */
  const heldBy = (owner: { pid: number; host: string; at?: string; command?: string }) =>
    writeFileSync(
      file,
      JSON.stringify({
        at: new Date().toISOString(),
        command: 'promote remote_help 1.0.0-abcdef0123',
        token: 'someone-else-token',
        ...owner,
      }),
    );
  /** The pid of a process that has ended. */
  const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid;
  const refusal = (wait = 0) => {
    try {
      ReleaseLock.acquire(file, 'promote remote_factors 1.0.0-0f17e3a500', { waitMs: wait });
    } catch (error) {
      if (error instanceof ReleaseError) return error.message;
      throw error;
    }
    throw new Error('the lock was taken');
  };

  it('is a file naming its holder while held, gone when released, leaving nothing else behind', () => {
    const lock = ReleaseLock.acquire(file, 'promote remote_factors 1.0.0-0f17e3a500');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      command: 'promote remote_factors 1.0.0-0f17e3a500',
      token: expect.any(String),
    });
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is exclusive: a second holder is refused after its wait, with the holder named', () => {
    const lock = ReleaseLock.acquire(file, 'promote remote_help 1.0.0-abcdef0123');
    const message = refusal();
    expect(message).toContain(
      `is held by promote remote_help 1.0.0-abcdef0123 (pid ${process.pid} on ${hostname()}`,
    );
    expect(message).toContain('The lock is taken over as soon as that process ends');
    lock.release();
    ReleaseLock.acquire(file, 'rollback remote_factors').release();
  });

  it('waits no longer than it is told, and says once that it waits', () => {
    heldBy({ pid: process.pid, host: hostname() });
    const told: string[] = [];
    const started = Date.now();
    expect(() =>
      ReleaseLock.acquire(file, 'prune remote_factors', { waitMs: 400, notify: (text) => told.push(text) }),
    ).toThrow(/Waited 0\.4 s; try again when it has finished/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(told).toEqual([
      expect.stringMatching(
        /^waiting for the release directory: promote remote_help 1\.0\.0-abcdef0123 \(pid/,
      ),
    ]);
  });

  it('is taken as soon as its holder lets it go', async () => {
    // A holder that removes its lock after 300 ms, as a release command ending would.
    heldBy({ pid: process.pid, host: hostname() });
    const holder = spawn(process.execPath, [
      '-e',
      `setTimeout(() => require('node:fs').unlinkSync(${JSON.stringify(file)}), 300)`,
    ]);
    await new Promise((resolve) => holder.once('spawn', resolve));
    const lock = ReleaseLock.acquire(file, 'promote remote_factors', { waitMs: 20_000 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'promote remote_factors',
    });
    lock.release();
  });

  it('takes over a lock whose holder on this machine has ended', () => {
    heldBy({ pid: endedPid(), host: hostname() });
    const lock = ReleaseLock.acquire(file, 'promote remote_factors', { waitMs: 0 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it("does not take another machine's lock (it cannot tell whether it runs) until it is older than the age limit", () => {
    heldBy({ pid: endedPid(), host: 'build-02.example' });
    expect(refusal()).toMatch(
      /held by promote remote_help 1\.0\.0-abcdef0123 \(pid \d+ on build-02\.example, since .*If that process is gone, the lock counts as abandoned at /,
    );
    heldBy({
      pid: 4242,
      host: 'build-02.example',
      at: new Date(Date.now() - STALE_AFTER_MS - 1000).toISOString(),
    });
    ReleaseLock.acquire(file, 'promote remote_factors', { waitMs: 0 }).release();
  });

  it('an unreadable lock file counts as held until its age runs out', () => {
    writeFileSync(file, '{"pid":');
    expect(refusal()).toMatch(/held by an unreadable lock \(written /);
    const old = new Date(Date.now() - STALE_AFTER_MS - 1000);
    utimesSync(file, old, old);
    ReleaseLock.acquire(file, 'promote remote_factors', { waitMs: 0 }).release();
    expect(existsSync(file)).toBe(false);
  });

  it('a holder whose lock was taken away as abandoned may not write, and leaves the new lock alone', () => {
    const lock = ReleaseLock.acquire(file, 'promote remote_factors');
    heldBy({ pid: process.pid, host: hostname(), command: 'rollback remote_factors' });
    expect(() => lock.assertHeld()).toThrow(/Lost the lock on the release directory/);
    lock.release();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ command: 'rollback remote_factors' });
  });
});
