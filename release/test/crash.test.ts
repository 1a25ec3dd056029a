import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from './helpers/fixtures.js';
import { spawnCli } from './helpers/spawnCli.js';

const sri = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

interface Status {
  ok: boolean;
  result: {
    remotes: { remote: string; live: { release: string; by?: string } }[];
    interrupted: { remote: string; action: string; to: string; applied: boolean }[];
  };
}

/**
 * A switch stopped dead between its steps (RELEASE_TEST_CRASH: the process SIGKILLs itself, as a
 * power cut or kill -9 would), and what `status` and the next command make of what it left: the
 * lock file, and an intention in the log without its outcome.
 */
describe('a release command stopped half-way', () => {
  let ws: Workspace;
  let releases: string[];
  beforeEach(async () => {
    ws = new Workspace();
    releases = [await ws.stage('b1'), await ws.stage('b2'), await ws.stage('b3')];
    for (const release of releases.slice(0, 2))
      expect((await ws.run('promote', 'remote_factors', release)).code).toBe(0);
  });
  afterEach(() => ws.cleanup());

  const b1 = () => releases[0] ?? '';
  const b2 = () => releases[1] ?? '';
  const b3 = () => releases[2] ?? '';
  const liveOf = (status: Status) =>
    status.result.remotes.find((item) => item.remote === 'remote_factors')?.live.release;

  /** Promotes b3 in a process of its own that dies at `point`. */
  async function promoteDyingAt(point: 'after-intent' | 'after-write') {
    const run = await spawnCli(
      [
        'promote',
        'remote_factors',
        b3(),
        '--dir',
        ws.releases,
        '--host-dist',
        ws.hostDist,
        '--by',
        'crash.test',
      ],
      { RELEASE_TEST_CRASH: point },
    ).finished;
    expect(run.signal).toBe('SIGKILL');
    // It left its lock behind, and its intention without an outcome.
    expect(existsSync(path.join(ws.releases, 'release.lock'))).toBe(true);
    expect(ws.rawLogLines().at(-1)).toMatchObject({ by: 'crash.test', to: { release: b3() }, intent: {} });
  }

  it('stopped before remotes.json was written: status shows the switch as not done, the next command records it so and goes on', async () => {
    const before = ws.read(ws.remotesFile);
    await promoteDyingAt('after-intent');
    expect(ws.read(ws.remotesFile)).toBe(before);

    const status = (await ws.run('status', '--json')).json() as Status;
    expect(liveOf(status)).toBe(b2());
    expect(status.result.interrupted).toEqual([
      expect.objectContaining({ remote: 'remote_factors', action: 'promote', to: b3(), applied: false }),
    ]);
    expect((await ws.run('status')).out).toContain(
      `Interrupted: promote of remote_factors to ${b3()} by crash.test`,
    );

    // The next command takes the dead process's lock over, settles the switch as not done, and
    // rolls back from what is really live (b2 → b1), not from the switch that never happened.
    const rollback = await ws.run('rollback', 'remote_factors', '--json');
    expect(rollback.err).toContain(`an interrupted promote of remote_factors to ${b3()}`);
    expect(rollback.err).toContain('is recorded as not done: remotes.json was never written');
    expect(rollback.json()).toMatchObject({
      ok: true,
      result: { from: { release: b2() }, to: { release: b1() } },
    });
    expect(ws.rawLogLines().at(-3)).toMatchObject({
      outcome: 'abandoned',
      note: 'remotes.json was never written',
    });
    const after = (await ws.run('status', '--json')).json() as Status;
    expect(liveOf(after)).toBe(b1());
    expect(after.result.interrupted).toEqual([]);
    expect(existsSync(path.join(ws.releases, 'release.lock'))).toBe(false);
  });

  it('stopped after remotes.json was written: status shows the switch as done, the next command records it so, and a rollback goes back from it', async () => {
    await promoteDyingAt('after-write');
    expect(JSON.parse(ws.read(ws.remotesFile)).remote_factors.manifest).toContain(b3());

    const status = (await ws.run('status', '--json')).json() as Status;
    expect(liveOf(status)).toBe(b3());
    expect(status.result.remotes[0]?.live.by).toBe('crash.test');
    expect(status.result.interrupted).toEqual([expect.objectContaining({ to: b3(), applied: true })]);

    const rollback = await ws.run('rollback', 'remote_factors', '--json');
    expect(rollback.err).toContain('is recorded as done: remotes.json holds what it meant to write');
    expect(rollback.json()).toMatchObject({
      ok: true,
      result: { from: { release: b3() }, to: { release: b2() } },
    });
    expect(liveOf((await ws.run('status', '--json')).json() as Status)).toBe(b2());
  });

  it('a log line a crash cut short is skipped, and the next line starts on a line of its own', async () => {
    appendFileSync(ws.logFile, '{"at":"2026-11-23T10:00:00.000Z","by":"cut.sh');
    expect((await ws.run('promote', 'remote_factors', b3())).code).toBe(0);
    const lines = ws.read(ws.logFile).split('\n');
    expect(lines.at(-4)).toBe('{"at":"2026-11-23T10:00:00.000Z","by":"cut.sh');
    expect(JSON.parse(lines.at(-3) ?? '')).toMatchObject({ action: 'promote', to: { release: b3() } });
    const status = (await ws.run('status', '--json')).json() as Status;
    expect(status.ok).toBe(true);
    expect(liveOf(status)).toBe(b3());
    expect((await ws.run('rollback', 'remote_factors')).out).toBe(
      `remote_factors: rolled back ${b3()} → ${b2()}`,
    );
  });

  it('a command that cannot have the lock is refused, naming who holds it, and changes nothing', async () => {
    const since = new Date().toISOString();
    writeFileSync(
      path.join(ws.releases, 'release.lock'),
      JSON.stringify({
        pid: process.pid,
        host: hostname(),
        at: since,
        command: 'promote remote_help 1.0.0-abcdef0123',
        token: 'another-holder',
      }),
    );
    const before = ws.snapshot();
    const refused = await ws.run('promote', 'remote_factors', b3(), '--wait', '0', '--json');
    expect(refused.code).toBe(1);
    expect((refused.json() as { error: string }).error).toBe(
      `The release directory is busy: ${path.join(ws.releases, 'release.lock')} is held by promote remote_help 1.0.0-abcdef0123 ` +
        `(pid ${process.pid} on ${hostname()}, since ${since}). Waited 0 s; try again when it has finished ` +
        '(--wait SECONDS waits longer). The lock is taken over as soon as that process ends.',
    );
    expect(ws.snapshot()).toEqual(before);
  });
});

describe('a promote decides on the state it finds under the lock', () => {
  let ws: Workspace;
  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  it('checks a remote against the host live when it has the lock, not when it started waiting', async () => {
    const older = await ws.stageHost('older', '1.1.0');
    const current = await ws.stageHost('current', '1.2.0');
    for (const release of [older, current]) expect((await ws.run('promote', 'host', release)).code).toBe(0);
    const remote = await ws.stage('needs-1.2', { shared: { '@portal/shared/router': '^1.2.0' } });

    // Another release command holds the lock (a process that runs until this test ends it).
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    await new Promise((resolve) => holder.once('spawn', resolve));
    writeFileSync(
      path.join(ws.releases, 'release.lock'),
      JSON.stringify({
        pid: holder.pid,
        host: hostname(),
        at: new Date().toISOString(),
        command: 'promote host',
        token: 'the-holder-token',
      }),
    );
    // No --host-dist: the remote is checked against the host host.json names.
    const promoting = spawnCli(['promote', 'remote_factors', remote, '--dir', ws.releases, '--json']);
    await promoting.saysOnStderr('waiting for the release directory: promote host');
    // While it waits, the holder puts the older host live, then ends.
    const folder = ws.folder(older, 'host');
    writeFileSync(
      path.join(ws.releases, 'host.json'),
      JSON.stringify({ release: older, integrity: sri(readFileSync(path.join(folder, 'integrity.json'))) }),
    );
    holder.kill();
    const done = await promoting.finished;
    expect(done.code).toBe(1);
    expect(JSON.parse(done.stdout)).toMatchObject({
      error: `remote_factors ${remote} is refused`,
      problems: ['it needs a host providing @portal/shared ^1.2.0; the live host provides 1.1.0'],
    });
  }, 60_000);
});
