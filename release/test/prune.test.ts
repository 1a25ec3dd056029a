import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from './helpers/fixtures.js';

/** prune through the CLI, on a release directory with a history. */
describe('release prune', () => {
  let ws: Workspace;
  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  const folders = () => readdirSync(path.join(ws.releases, 'remote-factors')).sort();

  /**
   * Six builds staged in order (b1 oldest); b1 → b2 → b3 → b4 promoted one after the other, b5 a
   * 10 % canary, b6 staged and not promoted yet.
   */
  async function history(): Promise<string[]> {
    const releases: string[] = [];
    for (const [index, label] of ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].entries()) {
      const release = await ws.stage(label);
      // Staged a minute apart: the folders' times say which came last.
      const at = new Date(Date.UTC(2026, 10, 1, 9, index));
      utimesSync(ws.folder(release), at, at);
      releases.push(release);
    }
    const [b1, b2, b3, b4, b5] = releases;
    for (const release of [b1, b2, b3, b4]) {
      expect((await ws.run('promote', 'remote_factors', release ?? '')).code).toBe(0);
    }
    expect((await ws.run('promote', 'remote_factors', b5 ?? '', '--canary', '10')).code).toBe(0);
    return releases;
  }

  it('keeps the live build, the canary, the builds live before it and the ones staged last; deletes the rest', async () => {
    const [b1, b2, b3, b4, b5, b6] = await history();
    const result = await ws.run('prune', 'remote_factors', '--keep', '1', '--json');
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({
      ok: true,
      command: 'prune',
      result: {
        remote: 'remote_factors',
        keep: 1,
        removed: [b1, b2],
        dryRun: false,
      },
    });
    const kept = (result.json() as { result: { kept: { release: string; why: string[] }[] } }).result.kept;
    expect(Object.fromEntries(kept.map(({ release, why }) => [release, why]))).toEqual({
      [b3 ?? '']: ['rollback target'],
      [b4 ?? '']: ['live'],
      [b5 ?? '']: ['canary'],
      [b6 ?? '']: ['recently staged'],
    });
    expect(folders()).toEqual([b3, b4, b5, b6].sort());

    // What is live still checks out, and a rollback (after ending the canary) still has its build.
    expect((await ws.run('status')).code).toBe(0);
    expect((await ws.run('rollback', 'remote_factors')).code).toBe(0);
    const rolledBack = await ws.run('rollback', 'remote_factors', '--json');
    expect(rolledBack.code).toBe(0);
    expect(rolledBack.json()).toMatchObject({ result: { action: 'rollback', to: { release: b3 } } });
  });

  it('keeps three of each by default; --keep 2 keeps two', async () => {
    const [b1, b2] = await history();
    const defaults = await ws.run('prune', 'remote_factors');
    expect(defaults.code).toBe(0);
    expect(defaults.out).toContain('remote_factors: nothing to delete');
    expect(folders()).toHaveLength(6);
    const two = await ws.run('prune', 'remote_factors', '--keep', '2');
    expect(two.out).toContain(`remote_factors: Deleted 1 release folder: ${b1}`);
    expect(existsSync(ws.folder(b1 ?? ''))).toBe(false);
    expect(existsSync(ws.folder(b2 ?? ''))).toBe(true);
  });

  it('--dry-run names what it would delete and deletes nothing', async () => {
    const [b1, b2] = await history();
    const before = folders();
    const result = await ws.run('prune', 'remote_factors', '--keep', '1', '--dry-run');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Would delete 2 release folders: ${b1}, ${b2}`);
    expect(folders()).toEqual(before);
  });

  it('never deletes the folder remotes.json names, even one the log does not know', async () => {
    const [, , , , , b6] = await history();
    // b6 set live by hand (no log line), then newer builds staged after it.
    const config = JSON.parse(ws.read(ws.remotesFile)) as Record<string, unknown>;
    const record = JSON.parse(ws.read(path.join(ws.folder(b6 ?? ''), 'integrity.json'))) as {
      manifest: string;
    };
    config.remote_factors = {
      manifest: `/remotes/remote-factors/${b6}/mf-manifest.json`,
      integrity: record.manifest,
    };
    writeFileSync(ws.remotesFile, JSON.stringify(config));
    for (const [index, label] of ['c1', 'c2'].entries()) {
      const release = await ws.stage(label);
      const at = new Date(Date.UTC(2026, 10, 2, 9, index));
      utimesSync(ws.folder(release), at, at);
    }
    const result = await ws.run('prune', 'remote_factors', '--keep', '1');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(existsSync(ws.folder(b6 ?? ''))).toBe(true);
  });

  it.each([
    [['--keep', '0'], '--keep takes a whole number of builds from 1 up, not'],
    [['--keep', 'two'], "--keep takes a whole number of builds from 1 up, not 'two'"],
    [['--keep', '-1'], 'release:'],
  ])('refuses %j and deletes nothing', async (options, message) => {
    await history();
    const before = folders();
    const result = await ws.run('prune', 'remote_factors', ...options);
    expect(result.code).not.toBe(0);
    expect(result.err).toContain(message);
    expect(folders()).toEqual(before);
  });

  it('refuses an unknown remote, with the known ones', async () => {
    const result = await ws.run('prune', 'remote_factor');
    expect(result.code).toBe(1);
    expect(result.err).toContain("Unknown remote 'remote_factor'");
  });
});
