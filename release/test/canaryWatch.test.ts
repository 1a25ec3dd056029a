import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from './helpers/fixtures.js';

/** A stand-in for a portal server's operators' listener: answers GET /canary-stats with `builds()`. */
async function statsServer(
  builds: () => unknown[],
): Promise<{ url: string; server: Server; reads: () => number }> {
  let reads = 0;
  const server = createServer((_request, response) => {
    reads += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ builds: builds() }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/canary-stats`, server, reads: () => reads };
}

const histogram = (bounds: number[]) => ({ bounds, counts: Array(bounds.length + 1).fill(0) });
const counts = (release: string, cohort: 'live' | 'canary', sessions: number, sessionsWithError: number) => ({
  remote: 'remote_factors',
  release,
  cohort,
  sessions,
  sessionsWithError,
  errors: { boundary: sessionsWithError },
  vitals: { lcp: histogram([2500]), inp: histogram([200]), cls: histogram([0.1]) },
});

describe('promote --canary N --watch and status --stats', () => {
  let ws: Workspace;
  let live: string;
  let canary: string;
  let stats: Awaited<ReturnType<typeof statsServer>> | undefined;

  beforeEach(async () => {
    ws = new Workspace();
    live = await ws.stage('live');
    canary = await ws.stage('canary');
    expect((await ws.run('promote', 'remote_factors', live)).code).toBe(0);
  });
  afterEach(async () => {
    await new Promise((resolve) => stats?.server.close(resolve));
    ws.cleanup();
  });

  it('rolls a clearly worse canary back by itself, logging who and why, and exits 1', async () => {
    stats = await statsServer(() => [counts(live, 'live', 6, 0), counts(canary, 'canary', 5, 5)]);
    const run = await ws.run(
      'promote',
      'remote_factors',
      canary,
      '--canary',
      '50',
      '--watch',
      '--window',
      '5s',
      '--every',
      '0.1s',
      '--stats',
      stats.url,
    );
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      `Rolled back by itself: remote_factors: canary ${canary} ended; ${live} serves every session`,
    );
    expect(run.out).toContain(
      'why: canary clearly worse than live (promote --watch): canary errors in 5 of 5 sessions (100.0 %) against live 0 of 6 (0.0 %), z = 3.32',
    );
    const entries = ws.logLines().filter((line) => 'action' in line);
    expect(entries.at(-1)).toMatchObject({
      action: 'end-canary',
      by: 'rita.release',
      from: { release: canary },
      to: { release: live },
      reason: expect.stringContaining('canary errors in 5 of 5 sessions'),
    });
    expect(JSON.parse(ws.read(ws.remotesFile)).remote_factors.canary).toBeUndefined();
  });

  it('keeps a healthy canary and exits 0 at the end of the window', async () => {
    stats = await statsServer(() => [counts(live, 'live', 40, 2), counts(canary, 'canary', 12, 1)]);
    const started = Date.now();
    const run = await ws.run(
      'promote',
      'remote_factors',
      canary,
      '--canary',
      '50',
      '--watch',
      '--window',
      '1s',
      '--every',
      '0.25s',
      '--stats',
      stats.url,
      '--json',
    );
    expect(run.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(stats.reads()).toBeGreaterThanOrEqual(4);
    expect((run.json() as { result: { watch: unknown } }).result.watch).toMatchObject({
      verdict: 'healthy',
      canary: { sessions: 12, sessionsWithError: 1 },
    });
    expect(JSON.parse(ws.read(ws.remotesFile)).remote_factors.canary.percent).toBe(50);
  });

  it('says when the window ended without enough canary sessions (exit 3), canary left running', async () => {
    stats = await statsServer(() => [counts(live, 'live', 40, 0), counts(canary, 'canary', 2, 2)]);
    const run = await ws.run(
      'promote',
      'remote_factors',
      canary,
      '--canary',
      '10',
      '--watch',
      '--window',
      '0.3s',
      '--every',
      '0.1s',
      '--stats',
      stats.url,
    );
    expect(run.code).toBe(3);
    expect(run.out).toContain('Canary not judged after the window');
    expect(run.out).toContain('2 canary sessions so far; 5 needed to judge; it keeps running');
  });

  it('refuses --watch without a canary or without stats, and --stats without --watch', async () => {
    expect(
      (await ws.run('promote', 'remote_factors', canary, '--watch', '--stats', 'http://127.0.0.1:1/')).code,
    ).toBe(2);
    const noStats = await ws.run('promote', 'remote_factors', canary, '--canary', '5', '--watch');
    expect(noStats.code).toBe(2);
    expect(noStats.err).toContain('pass --stats URL');
    expect((await ws.run('promote', 'remote_factors', canary, '--stats', 'http://127.0.0.1:1/')).code).toBe(
      2,
    );
    expect(
      (
        await ws.run(
          'promote',
          'remote_factors',
          canary,
          '--canary',
          '5',
          '--watch',
          '--window',
          'soon',
          '--stats',
          'http://x/',
        )
      ).code,
    ).toBe(2);
  });

  it('status shows sessions and error rate per live and canary build with --stats, and says when not asked', async () => {
    expect((await ws.run('promote', 'remote_factors', canary, '--canary', '50')).code).toBe(0);
    stats = await statsServer(() => [counts(live, 'live', 40, 2), counts(canary, 'canary', 8, 4)]);
    const plain = await ws.run('status');
    expect(plain.out).toContain('Browser figures (sessions, error rate, p75 vitals) not asked for');
    const withStats = await ws.run('status', '--stats', stats.url);
    expect(withStats.code).toBe(0);
    expect(withStats.out).toContain(
      '    browsers: 40 sessions, 5.0 % with errors (2), p75 LCP –, INP –, CLS –',
    );
    expect(withStats.out).toContain('    browsers: 8 sessions, 50.0 % with errors (4)');
    const json = (await ws.run('status', '--stats', stats.url, '--json')).json() as {
      result: { remotes: { canary?: { health?: unknown } }[] };
    };
    expect(json.result.remotes[0]?.canary?.health).toMatchObject({ sessions: 8, errorRate: 0.5 });
  });
});
