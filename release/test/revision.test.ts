import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace, writeBuild, writeHostBuild } from './helpers/fixtures.js';

const COMMIT = /^[0-9a-f]{40}$/;

/** The source revision a build was staged from: recorded by stage, carried into the log and status. */
describe('release source revision', () => {
  let ws: Workspace;
  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  const stageFrom = async (from: string, ...options: string[]) => {
    const result = await ws.run('stage', 'remote_factors', '--from', from, '--json', ...options);
    expect(result.code).toBe(0);
    return (result.json() as { result: { release: string; revision: string | null } }).result;
  };
  const recorded = (release: string) =>
    (JSON.parse(ws.read(path.join(ws.folder(release), 'integrity.json'))) as { revision?: string }).revision;

  it('records --revision in integrity.json; promote logs it and status shows it', async () => {
    const first = await stageFrom(ws.build('one'), '--revision', 'v1.4.2');
    const second = await stageFrom(ws.build('two'), '--revision', '0f17e3a5000000000000000000000000000000aa');
    expect(first.revision).toBe('v1.4.2');
    expect(recorded(first.release)).toBe('v1.4.2');
    await ws.run('promote', 'remote_factors', first.release);
    await ws.run('promote', 'remote_factors', second.release);
    expect(ws.logLines().at(-1)).toMatchObject({
      from: { release: first.release, revision: 'v1.4.2' },
      to: { release: second.release, revision: '0f17e3a5000000000000000000000000000000aa' },
    });
    expect((await ws.run('status')).out).toContain(
      `  live:     ${second.release} since 2026-11-23T10:00:00.000Z (rita.release on release-host)\n` +
        '    source: 0f17e3a5000000000000000000000000000000aa',
    );
  });

  it('takes $SOURCE_REVISION when --revision is not given', async () => {
    const from = ws.build('env');
    const result = await ws.runWith(
      { env: { SOURCE_REVISION: 'ci-build-812' } },
      'stage',
      'remote_factors',
      '--from',
      from,
      '--json',
    );
    expect((result.json() as { result: { revision: string } }).result.revision).toBe('ci-build-812');
  });

  it('else the git commit the build folder lies in, marked -dirty while the work tree has changes', async () => {
    const repo = path.join(ws.root, 'repo');
    mkdirSync(repo);
    const git = (...args: string[]) =>
      execFileSync(
        'git',
        ['-C', repo, '-c', 'user.name=Rita', '-c', 'user.email=rita@example.com', ...args],
        {
          encoding: 'utf8',
        },
      ).trim();
    git('init', '--quiet');
    writeFileSync(path.join(repo, '.gitignore'), 'dist/\n');
    writeFileSync(path.join(repo, 'source.ts'), 'export const a = 1;\n');
    git('add', '.');
    git('commit', '--quiet', '-m', 'source');
    const commit = git('rev-parse', 'HEAD');
    expect(commit).toMatch(COMMIT);

    const clean = await stageFrom(writeBuild(path.join(repo, 'dist'), { label: 'clean' }));
    expect(clean.revision).toBe(commit);
    writeFileSync(path.join(repo, 'source.ts'), 'export const a = 2;\n');
    const dirty = await stageFrom(writeBuild(path.join(repo, 'dist'), { label: 'dirty' }));
    expect(dirty.revision).toBe(`${commit}-dirty`);
  });

  it("else says it is not known: 'unknown revision', null in --json and the log", async () => {
    const unknown = await stageFrom(ws.build('unknown'));
    expect(unknown.revision).toBeNull();
    expect(recorded(unknown.release)).toBeUndefined();
    expect((await ws.run('stage', 'remote_factors', '--from', ws.build('unknown'))).out).toContain(
      '  source:    unknown revision',
    );
    await ws.run('promote', 'remote_factors', unknown.release);
    expect(ws.logLines().at(-1)).toMatchObject({ to: { revision: null } });
  });

  it('refuses a revision that is not one plain line', async () => {
    for (const [options, env, message] of [
      [['--revision', 'two words'], {}, "--revision 'two words' is not a source revision"],
      [[], { SOURCE_REVISION: 'a\nb' }, "SOURCE_REVISION 'a\nb' is not a source revision"],
    ] as const) {
      const refused = await ws.runWith(
        { env: { USER: 'rita.release', ...env } },
        'stage',
        'remote_factors',
        '--from',
        ws.build('bad'),
        ...options,
      );
      expect(refused.code).toBe(2);
      expect(refused.err).toContain(message);
    }
  });

  it("records the host build's revision in the integrity.json host.json anchors; a folder keeps the one it was staged with", async () => {
    const from = writeHostBuild(path.join(ws.root, 'host-builds', 'rev'), 'rev');
    const stageHost = async (revision: string) => {
      const run = await ws.runWith(
        { env: { USER: 'rita.release', SOURCE_REVISION: revision } },
        'stage',
        'host',
        '--from',
        from,
        '--json',
      );
      return (
        run.json() as { result: { release: string; integrity: string; revision: string; created: boolean } }
      ).result;
    };
    const staged = await stageHost('host-rev-2');
    expect(staged.revision).toBe('host-rev-2');
    const record = readFileSync(path.join(ws.folder(staged.release, 'host'), 'integrity.json'));
    expect(JSON.parse(record.toString())).toMatchObject({ revision: 'host-rev-2' });
    expect(staged.integrity).toBe(`sha384-${createHash('sha384').update(record).digest('base64')}`);
    expect(await stageHost('host-rev-3')).toMatchObject({
      release: staged.release,
      created: false,
      revision: 'host-rev-2',
    });
    expect((await ws.run('promote', 'host', staged.release)).code).toBe(0);
    expect(ws.logLines().at(-1)).toMatchObject({ remote: 'host', to: { revision: 'host-rev-2' } });
  });
});
