import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contributionsWith, Workspace } from './helpers/fixtures.js';
import { type Finished, spawnCli } from './helpers/spawnCli.js';

/** A remote_help build whose claims do not collide with remote_factors'. */
const HELP = {
  exposes: ['./Help'],
  contributions: contributionsWith([{ path: '/help', guard: 'none', expose: './Help', title: 'Help' }]),
};

interface Build {
  release: string;
  manifest: string;
  integrity?: string;
}
interface Entry {
  by: string;
  remote: string;
  action: 'promote' | 'canary' | 'rollback' | 'end-canary';
  from: Build | null;
  to: Build;
  percent?: number;
  intent?: { id: string };
}
interface Live {
  manifest: string;
  integrity: string | undefined;
  canary?: { manifest: string; integrity: string | undefined; percent: number };
}
interface Answer {
  ok: boolean;
  error?: string;
  result?: Omit<Entry, 'by'> & { changed?: boolean };
}

/**
 * Replays the log's switches in order, checking that each one started from what the one before
 * left live (a switch decided on a state another process had already changed would not): what
 * every remote runs after the last of them.
 */
function replay(entries: readonly Entry[]): Map<string, Live> {
  const state = new Map<string, Live>();
  for (const entry of entries) {
    const now = state.get(entry.remote);
    const build = (item: Build) => ({ manifest: item.manifest, integrity: item.integrity });
    if (entry.action === 'end-canary') {
      expect(now?.canary?.manifest, `${entry.by}: ends the canary running`).toBe(entry.from?.manifest);
      expect(now?.manifest, `${entry.by}: keeps the live build`).toBe(entry.to.manifest);
      state.set(entry.remote, { ...build(entry.to) });
      continue;
    }
    expect(entry.from?.manifest, `${entry.by} switched from what was live`).toBe(now?.manifest);
    if (entry.action === 'canary') {
      if (!now) throw new Error(`${entry.by}: a canary with nothing live`);
      state.set(entry.remote, { ...now, canary: { ...build(entry.to), percent: entry.percent ?? 0 } });
    } else {
      state.set(entry.remote, build(entry.to));
    }
  }
  return state;
}

describe('concurrent release commands, each a process of its own', () => {
  let ws: Workspace;
  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  it('20 promotes and rollbacks of two remotes at once: no switch is lost, and file, log and status agree', async () => {
    const builds = {
      remote_factors: [await ws.stage('f1'), await ws.stage('f2'), await ws.stage('f3')],
      remote_help: [
        await ws.stageRemote('remote_help', 'h1', HELP),
        await ws.stageRemote('remote_help', 'h2', HELP),
        await ws.stageRemote('remote_help', 'h3', HELP),
      ],
    };
    for (const [remote, [first = '']] of Object.entries(builds))
      expect((await ws.run('promote', remote, first, '--by', 'setup')).code).toBe(0);

    // Every process a different mix of switch, told apart in the log by --by.
    const commands = Array.from({ length: 20 }, (_, index) => {
      const remote = index % 2 === 0 ? 'remote_factors' : 'remote_help';
      const releases = builds[remote];
      const release = releases[Math.floor(index / 2) % 3] ?? '';
      const kind = Math.floor(index / 2) % 4;
      const args =
        kind === 0
          ? ['rollback', remote]
          : kind === 1
            ? ['promote', remote, release, '--canary', String(10 + index)]
            : ['promote', remote, release];
      return [...args, '--by', `process-${index}`, '--dir', ws.releases, '--host-dist', ws.hostDist];
    });
    const finished: Finished[] = await Promise.all(
      commands.map((args) => spawnCli([...args, '--json', '--wait', '120']).finished),
    );

    // Each finished by itself: done, or refused with a sentence (a rollback with nothing before it,
    // a canary of the build live at that moment), never cut short.
    const answers = finished.map((run, index): Answer => {
      expect(run.signal, `process-${index}`).toBeNull();
      expect([0, 1], `process-${index}: ${run.stderr}`).toContain(run.code);
      return JSON.parse(run.stdout) as Answer;
    });
    const switched = answers.flatMap((answer, index) =>
      answer.ok && answer.result?.changed !== false ? [{ by: `process-${index}`, answer }] : [],
    );
    expect(switched.length).toBeGreaterThan(8);

    // The log: every switch that succeeded, once, as it answered; every intention applied.
    const lines = ws.rawLogLines();
    const entries = ws.logLines() as unknown as Entry[];
    const outcomes = lines.filter((line) => 'outcome' in line);
    expect(outcomes.map((line) => line.outcome)).toEqual(entries.map(() => 'applied'));
    expect(outcomes.map((line) => line.id)).toEqual(entries.map((entry) => entry.intent?.id));
    expect(
      entries
        .map((entry) => entry.by)
        .filter((by) => by !== 'setup')
        .sort(),
    ).toEqual(switched.map(({ by }) => by).sort());
    for (const { by, answer } of switched) {
      const entry = entries.find((item) => item.by === by);
      expect(entry, by).toMatchObject({
        action: answer.result?.action,
        from: { release: answer.result?.from?.release },
        to: { release: answer.result?.to.release },
      });
    }

    // Replaying the log in its order gives remotes.json exactly; status says the same.
    const replayed = replay(entries);
    const config = JSON.parse(ws.read(ws.remotesFile)) as Record<string, Live>;
    expect(config).toEqual(Object.fromEntries(replayed));
    const status = (await ws.run('status', '--json')).json() as {
      ok: boolean;
      result: {
        remotes: { remote: string; live: { manifest: string }; canary?: { manifest: string } }[];
        interrupted: [];
      };
    };
    expect(status.ok).toBe(true);
    expect(status.result.interrupted).toEqual([]);
    for (const item of status.result.remotes) {
      expect(item.live.manifest).toBe(replayed.get(item.remote)?.manifest);
      expect(item.canary?.manifest).toBe(replayed.get(item.remote)?.canary?.manifest);
    }
    // No lock and no temporary file is left behind.
    expect(readdirSync(ws.releases).filter((name) => /lock|\.tmp$/.test(name))).toEqual([]);
  }, 180_000);

  it('the same build staged by three processes at once is staged once, and each answers its release', async () => {
    const from = ws.build('same');
    const finished = await Promise.all(
      [1, 2, 3].map(
        () =>
          spawnCli([
            'stage',
            'remote_factors',
            '--from',
            from,
            '--dir',
            ws.releases,
            '--json',
            '--wait',
            '120',
          ]).finished,
      ),
    );
    const answers = finished.map((run) => {
      expect(run.code, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { result: { release: string; created: boolean } }).result;
    });
    expect(new Set(answers.map((answer) => answer.release)).size).toBe(1);
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(readdirSync(`${ws.releases}/remote-factors`)).toEqual([answers[0]?.release]);
  }, 120_000);
});
