import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RELEASE_HOST, Workspace } from './helpers/fixtures.js';

/** stage, promote, rollback and status on a temporary release directory, through the CLI. */
describe('release stage / promote / rollback / status', () => {
  let ws: Workspace;
  /** Another remote's entry in its own style, which every command must keep exactly as it is. */
  const others = {
    remote_login: 'http://127.0.0.1:3001/mf-manifest.json',
    remote_help: {
      manifest: 'http://127.0.0.1:3004/mf-manifest.json',
      integrity: `sha384-${'h'.repeat(64)}`,
    },
  };

  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  const config = () => JSON.parse(ws.read(ws.remotesFile)) as Record<string, unknown>;
  const manifestUrl = (release: string) => `/remotes/remote-factors/${release}/mf-manifest.json`;
  const integrityOf = (release: string) =>
    (JSON.parse(ws.read(path.join(ws.folder(release), 'integrity.json'))) as { manifest: string }).manifest;

  /** Two staged builds, the first live (as stage-releases leaves it), the others' entries beside it. */
  async function twoBuilds(): Promise<[string, string]> {
    const first = await ws.stage('first');
    const second = await ws.stage('second');
    writeFileSync(
      ws.remotesFile,
      JSON.stringify(
        {
          remote_login: others.remote_login,
          remote_factors: manifestUrl(first),
          remote_help: others.remote_help,
        },
        null,
        2,
      ),
    );
    expect((await ws.run('promote', 'remote_factors', first)).code).toBe(0);
    return [first, second];
  }

  describe('stage', () => {
    it('copies a build into <version>-<content hash>/ with the integrity of every file, and prints the release', async () => {
      const from = ws.build('one');
      const result = await ws.run('stage', 'remote_factors', '--from', from);
      expect(result.code).toBe(0);
      const release = /Staged remote_factors (1\.0\.0-[0-9a-f]{10})/.exec(result.out)?.[1] ?? '';
      expect(result.out).toContain(`node scripts/release.mjs promote remote_factors ${release}`);
      const folder = ws.folder(release);
      expect(readdirSync(folder).sort()).toEqual([...readdirSync(from), 'integrity.json'].sort());
      const record = JSON.parse(ws.read(path.join(folder, 'integrity.json')));
      expect(Object.keys(record.files).sort()).toEqual([
        'Otp.css',
        'Otp.js',
        'Otp.js.br',
        'Push.css',
        'Push.js',
        'Push.js.br',
        'remoteEntry.js',
        'shared.js',
      ]);
      expect(record.manifest).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
      // No temporary folder is left behind.
      expect(readdirSync(path.dirname(folder))).toEqual([release]);
    });

    it('keeps an immutable folder: the same build staged again changes nothing', async () => {
      const release = await ws.stage('one');
      const again = await ws.run('stage', 'remote-factors', '--from', ws.build('one'), '--json');
      expect(again.json()).toMatchObject({ ok: true, result: { release, created: false } });
    });

    it('names a different build differently', async () => {
      expect(await ws.stage('one')).not.toBe(await ws.stage('two'));
    });

    it('refuses a folder without a manifest, and a build of another remote', async () => {
      const empty = path.join(ws.root, 'empty');
      mkdirSync(empty);
      const missing = await ws.run('stage', 'remote_factors', '--from', empty);
      expect(missing.code).toBe(1);
      expect(missing.err).toContain('has no mf-manifest.json: build remote-factors first');
      const other = await ws.run(
        'stage',
        'remote_factors',
        '--from',
        ws.build('login', { name: 'remote_login' }),
      );
      expect(other.err).toContain('is a build of remote_login, not of remote_factors');
      expect(readdirSync(ws.releases)).toEqual([]);
    });
  });

  describe('promote', () => {
    it('switches one entry of remotes.json, keeps every other as it was, and logs who, when, from, to', async () => {
      const [first, second] = await twoBuilds();
      const result = await ws.run('promote', 'remote_factors', second, '--by', 'pat.ops');
      expect(result.code).toBe(0);
      expect(result.out).toBe(`remote_factors: ${first} → ${second} (new page loads use it now)`);
      expect(config()).toEqual({
        remote_login: others.remote_login,
        remote_factors: { manifest: manifestUrl(second), integrity: integrityOf(second) },
        remote_help: others.remote_help,
      });
      expect(Object.keys(config())).toEqual(['remote_login', 'remote_factors', 'remote_help']);
      const logged = ws.logLines().at(-1);
      expect(logged).toEqual({
        at: '2026-11-23T10:00:00.000Z',
        by: 'pat.ops',
        hostname: RELEASE_HOST,
        remote: 'remote_factors',
        action: 'promote',
        from: { release: first, manifest: manifestUrl(first), integrity: integrityOf(first), revision: null },
        to: {
          release: second,
          manifest: manifestUrl(second),
          integrity: integrityOf(second),
          revision: null,
        },
        // The intention names the file and the sha256 of what was written there.
        intent: {
          id: expect.any(String),
          file: 'remotes',
          sha256: createHash('sha256').update(readFileSync(ws.remotesFile)).digest('hex'),
        },
      });
      // …and its outcome line follows it.
      expect(ws.rawLogLines().at(-1)).toEqual({
        outcome: 'applied',
        id: (logged?.intent as { id: string } | undefined)?.id,
        at: expect.any(String),
      });
      // Written through a temporary file renamed over remotes.json: none is left.
      expect(readdirSync(ws.releases).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    });

    it('logs $USER when --by is not given', async () => {
      const [, second] = await twoBuilds();
      await ws.run('promote', 'remote_factors', second);
      expect(ws.logLines().at(-1)?.by).toBe('rita.release');
    });

    it('refuses a build that fails verify and changes nothing', async () => {
      const [, second] = await twoBuilds();
      const lacking = await ws.stage('lacking', { exposes: ['./Otp'] });
      const before = ws.read(ws.remotesFile);
      const log = ws.logLines();
      writeFileSync(path.join(ws.folder(second), 'Push.js'), 'tampered');
      for (const release of [lacking, second]) {
        const result = await ws.run('promote', 'remote_factors', release, '--json');
        expect(result.code).toBe(1);
        expect(result.json()).toMatchObject({ ok: false, error: `remote_factors ${release} is refused` });
      }
      expect(ws.read(ws.remotesFile)).toBe(before);
      expect(ws.logLines()).toEqual(log);
    });

    it('answers --json with what it switched', async () => {
      const [first, second] = await twoBuilds();
      const result = await ws.run('promote', 'remote_factors', second, '--json');
      expect(result.json()).toEqual({
        ok: true,
        command: 'promote',
        result: {
          remote: 'remote_factors',
          action: 'promote',
          from: {
            release: first,
            manifest: manifestUrl(first),
            integrity: integrityOf(first),
            revision: null,
          },
          to: {
            release: second,
            manifest: manifestUrl(second),
            integrity: integrityOf(second),
            revision: null,
          },
          changed: true,
        },
      });
    });

    it('writes a canary beside the live build; a full promote of it ends the canary', async () => {
      const [first, second] = await twoBuilds();
      const canary = await ws.run('promote', 'remote_factors', second, '--canary', '10');
      expect(canary.out).toBe(`remote_factors: ${second} for 10 % of new sessions, ${first} for the rest`);
      expect(config().remote_factors).toEqual({
        manifest: manifestUrl(first),
        integrity: integrityOf(first),
        canary: { manifest: manifestUrl(second), integrity: integrityOf(second), percent: 10 },
      });
      expect(ws.logLines().at(-1)).toMatchObject({ action: 'canary', percent: 10, to: { release: second } });
      await ws.run('promote', 'remote_factors', second);
      expect(config().remote_factors).toEqual({
        manifest: manifestUrl(second),
        integrity: integrityOf(second),
      });
    });
  });

  describe('rollback', () => {
    it('goes back to the build live before, as the log tells, then further back, then refuses', async () => {
      const [first, second] = await twoBuilds();
      const third = await ws.stage('third');
      await ws.run('promote', 'remote_factors', second);
      await ws.run('promote', 'remote_factors', third);

      const back = await ws.run('rollback', 'remote_factors');
      expect(back.out).toBe(`remote_factors: rolled back ${third} → ${second}`);
      expect(config().remote_factors).toEqual({
        manifest: manifestUrl(second),
        integrity: integrityOf(second),
      });
      expect(ws.logLines().at(-1)).toMatchObject({
        action: 'rollback',
        from: { release: third },
        to: { release: second },
      });

      // status: what came before the live build is the one just rolled back from.
      const afterRollback = (await ws.run('status', '--json')).json() as {
        result: { remotes: { remote: string; previous?: { release: string } }[] };
      };
      const factors = afterRollback.result.remotes.find((item) => item.remote === 'remote_factors');
      expect(factors?.previous?.release).toBe(third);

      await ws.run('rollback', 'remote_factors');
      expect(config().remote_factors).toEqual({
        manifest: manifestUrl(first),
        integrity: integrityOf(first),
      });

      const before = ws.read(ws.remotesFile);
      const none = await ws.run('rollback', 'remote_factors');
      expect(none.code).toBe(1);
      expect(none.err).toBe(`release: The release log has no build of remote_factors from before ${first}`);
      expect(ws.read(ws.remotesFile)).toBe(before);
      expect(config().remote_login).toBe(others.remote_login);
    });

    it('refuses to roll back to a build that no longer passes verify', async () => {
      const [first, second] = await twoBuilds();
      await ws.run('promote', 'remote_factors', second);
      rmSync(path.join(ws.folder(first), 'Otp.js'));
      const before = ws.read(ws.remotesFile);
      const result = await ws.run('rollback', 'remote_factors');
      expect(result.code).toBe(1);
      expect(result.err).toBe(`release: remote_factors ${first} is refused\n  - Otp.js is missing`);
      expect(ws.read(ws.remotesFile)).toBe(before);
    });

    it('during a canary, ends the canary and keeps the live build', async () => {
      const [first, second] = await twoBuilds();
      await ws.run('promote', 'remote_factors', second, '--canary', '50');
      const result = await ws.run('rollback', 'remote_factors', '--json');
      expect(result.json()).toMatchObject({
        ok: true,
        result: { action: 'end-canary', from: { release: second }, to: { release: first } },
      });
      expect(config().remote_factors).toEqual({
        manifest: manifestUrl(first),
        integrity: integrityOf(first),
      });
    });
  });

  describe('status', () => {
    it('tells what is live since when, what came before, and any canary', async () => {
      const [first, second] = await twoBuilds();
      const third = await ws.stage('third');
      await ws.run('promote', 'remote_factors', second);
      await ws.run('promote', 'remote_factors', third, '--canary', '5', '--by', 'cara.canary');
      const result = await ws.run('status', '--json');
      expect(result.code).toBe(0);
      const report = result.json() as { ok: boolean; result: { remotes: unknown[] } };
      expect(report.ok).toBe(true);
      expect(report.result.remotes).toContainEqual({
        remote: 'remote_factors',
        live: {
          release: second,
          manifest: manifestUrl(second),
          revision: null,
          since: '2026-11-23T10:00:00.000Z',
          by: 'rita.release',
          hostname: RELEASE_HOST,
          problems: [],
        },
        previous: { release: first, manifest: manifestUrl(first), until: '2026-11-23T10:00:00.000Z' },
        canary: {
          release: third,
          manifest: manifestUrl(third),
          percent: 5,
          revision: null,
          since: '2026-11-23T10:00:00.000Z',
          by: 'cara.canary',
          hostname: RELEASE_HOST,
          problems: [],
        },
      });
      const text = (await ws.run('status')).out;
      expect(text).toContain(
        `  live:     ${second} since 2026-11-23T10:00:00.000Z (rita.release on ${RELEASE_HOST})\n    source: unknown revision`,
      );
      expect(text).toContain(`  canary 5 %: ${third}`);
      expect(text).toContain(`  before:   ${first}`);
    });

    it('exits non-zero when remotes.json names a missing folder or one that fails its integrity', async () => {
      const [first] = await twoBuilds();
      writeFileSync(path.join(ws.folder(first), 'remoteEntry.js'), 'tampered');
      const tampered = await ws.run('status');
      expect(tampered.code).toBe(1);
      expect(tampered.out).toContain('    ✖ remoteEntry.js does not match its recorded integrity');
      rmSync(ws.folder(first), { recursive: true });
      const missing = await ws.run('status', '--json');
      expect(missing.code).toBe(1);
      expect(JSON.stringify(missing.json())).toContain(`its folder ${ws.folder(first)} is missing`);
    });
  });

  describe('bad input gets a clear message, a non-zero exit, and leaves remotes.json untouched', () => {
    it.each([
      [
        ['promote', 'remote_factor', 'x'],
        "Unknown remote 'remote_factor' (known: remote_login, remote_factors, remote_selfservice, remote_help, host)",
      ],
      [['promote', 'remote_factors', '9.9.9-nothing'], "remote_factors has no release '9.9.9-nothing'"],
      [['promote', 'remote_factors', '../../etc'], "'../../etc' is not a release name"],
      [
        ['promote', 'remote_factors', 'REL', '--canry', '10'],
        "Unknown option '--canry' (did you mean --canary?)",
      ],
      [
        ['promote', 'remote_factors', 'REL', '--canary', 'ten'],
        "--canary takes a whole percentage from 1 to 99, not 'ten'",
      ],
      [
        ['promote', 'remote_factors', 'REL', '--canary', '100'],
        "--canary takes a whole percentage from 1 to 99, not '100'",
      ],
      [['promote', 'remote_factors'], 'promote takes <remote> <release>'],
      [['rollback', 'remote_factors', '--from', 'x'], 'rollback takes no --from'],
      [['status', 'extra'], "status takes no arguments, not 'extra'"],
      [['promte'], "Unknown command 'promte'"],
    ])('%j', async (argv, message) => {
      const [, second] = await twoBuilds();
      const before = ws.read(ws.remotesFile);
      const result = await ws.run(...argv.map((arg) => (arg === 'REL' ? second : arg)), '--json');
      expect(result.code).not.toBe(0);
      expect((result.json() as { ok: boolean; error: string }).error).toContain(message);
      expect(ws.read(ws.remotesFile)).toBe(before);
    });

    it('refuses a release directory that does not exist, creating nothing', async () => {
      const missing = path.join(ws.root, 'no-such-dir');
      const out: string[] = [];
      const { runCli } = await import('../src/cli.js');
      const code = await runCli(['status', '--dir', missing], {
        repoRoot: ws.root,
        env: {},
        out: (text) => out.push(text),
        err: (text) => out.push(text),
      });
      expect(code).toBe(1);
      expect(out.join('')).toBe(`release: The release directory ${missing} does not exist`);
      expect(existsSync(missing)).toBe(false);
    });

    it('never overwrites a remotes.json it cannot read', async () => {
      const [, second] = await twoBuilds();
      writeFileSync(ws.remotesFile, '{ "remote_factors": ');
      const result = await ws.run('promote', 'remote_factors', second);
      expect(result.code).toBe(1);
      expect(result.err).toContain('is not JSON');
      expect(readFileSync(ws.remotesFile, 'utf8')).toBe('{ "remote_factors": ');
    });
  });
});
