import { appendFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from './helpers/fixtures.js';

interface Answer {
  ok: boolean;
  error?: string;
  result: Record<string, unknown>;
}

/**
 * --dry-run on every command that changes the release directory: every check runs, the answer
 * says what would be done, and the directory (folders, remotes.json, host.json, the log) is left
 * byte for byte as it was, with no lock file either.
 */
describe('release --dry-run', () => {
  let ws: Workspace;
  let releases: string[];
  let hosts: string[];
  beforeEach(async () => {
    ws = new Workspace();
    releases = [await ws.stage('b1'), await ws.stage('b2'), await ws.stage('b3')];
    hosts = [await ws.stageHost('h1'), await ws.stageHost('h2')];
    for (const argv of [
      ['promote', 'remote_factors', releases[0] ?? ''],
      ['promote', 'remote_factors', releases[1] ?? ''],
      ['promote', 'host', hosts[0] ?? ''],
    ])
      expect((await ws.run(...argv)).code).toBe(0);
  });
  afterEach(() => ws.cleanup());

  /** Runs argv with --dry-run, checks nothing changed, then runs it for real: the answers agree. */
  async function dryThenReal(...argv: string[]): Promise<Answer> {
    const before = ws.snapshot();
    const dry = await ws.run(...argv, '--dry-run', '--json');
    expect(dry.code, dry.out + dry.err).toBe(0);
    expect(ws.snapshot()).toEqual(before);
    const real = await ws.run(...argv, '--json');
    expect(real.code).toBe(0);
    const dryAnswer = dry.json() as Answer;
    const { dryRun, ...wouldDo } = dryAnswer.result;
    expect(dryRun).toBe(true);
    expect((real.json() as Answer).result).toEqual(wouldDo);
    return dryAnswer;
  }

  it('promote, a canary, ending it and a rollback: each answers what the real command then does', async () => {
    const [, b2, b3] = releases;
    await dryThenReal('promote', 'remote_factors', b3 ?? '', '--canary', '10');
    await dryThenReal('rollback', 'remote_factors');
    await dryThenReal('promote', 'remote_factors', b3 ?? '');
    const rollback = await dryThenReal('rollback', 'remote_factors');
    expect(rollback.result).toMatchObject({ action: 'rollback', from: { release: b3 }, to: { release: b2 } });
  });

  it('the host: promote and rollback', async () => {
    await dryThenReal('promote', 'host', hosts[1] ?? '');
    await dryThenReal('rollback', 'host');
  });

  it('stage: names the release and the folder it would create, copying nothing', async () => {
    const from = ws.build('b4');
    const dry = await dryThenReal('stage', 'remote_factors', '--from', from);
    expect(dry.result).toMatchObject({
      created: true,
      release: expect.stringMatching(/^1\.0\.0-[0-9a-f]{10}$/),
    });
    const text = await ws.run('stage', 'remote_factors', '--from', ws.build('b5'), '--dry-run');
    expect(text.out).toMatch(/^Would stage remote_factors 1\.0\.0-[0-9a-f]{10}\n/);
    expect(text.out).toContain('(--dry-run: nothing was written)');
  });

  it('still refuses what the real command refuses', async () => {
    const before = ws.snapshot();
    const lacking = await ws.stage('lacking', { exposes: ['./Otp'] });
    const after = ws.snapshot();
    const refused = await ws.run('promote', 'remote_factors', lacking, '--dry-run', '--json');
    expect(refused.code).toBe(1);
    expect((refused.json() as Answer).error).toBe(`remote_factors ${lacking} is refused`);
    expect(ws.snapshot()).toEqual(after);
    expect(before.size).toBeLessThan(after.size);
  });

  it('judges an interrupted switch as the next real command would, without recording it', async () => {
    // A promote of b3 that stopped after its intention (test/crash.test.ts makes one for real).
    const url = (release: string | undefined) => `/remotes/remote-factors/${release}/mf-manifest.json`;
    const entry = {
      at: '2026-11-23T10:05:00.000Z',
      by: 'stopped.promote',
      remote: 'remote_factors',
      action: 'promote',
      from: { release: releases[1], manifest: url(releases[1]) },
      to: { release: releases[2], manifest: url(releases[2]) },
      intent: { id: 'interrupted-switch-0001', file: 'remotes', sha256: '0'.repeat(64) },
    };
    appendFileSync(ws.logFile, `${JSON.stringify(entry)}\n`);
    const before = ws.snapshot();
    const dry = await ws.run('rollback', 'remote_factors', '--dry-run', '--json');
    expect((dry.json() as Answer).result).toMatchObject({
      from: { release: releases[1] },
      to: { release: releases[0] },
    });
    expect(ws.snapshot()).toEqual(before);
  });
});
