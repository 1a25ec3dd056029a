import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostMainOf as mainOf, Workspace, writeHostBuild } from './helpers/fixtures.js';

const sri = (bytes: string | Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

describe('the host release path: stage / verify / promote / rollback / status / prune host', () => {
  let ws: Workspace;
  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  const hostFile = () => path.join(ws.releases, 'host.json');
  const hostJson = () => JSON.parse(ws.read(hostFile())) as Record<string, unknown>;
  const folder = (release: string) => ws.folder(release, 'host');

  const stageHost = (label: string, shared?: string) => ws.stageHost(label, shared);

  it('stages what the build names and its chunks with the integrity of each, nothing else; the same build again changes nothing', async () => {
    const release = await stageHost('one');
    expect(release).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    const files = readdirSync(folder(release)).sort();
    expect(files).toEqual(
      [
        'favicon.svg',
        'first-load.json',
        'index.html',
        'integrity.json',
        'later.0123456789.js',
        'lazy.abcdef0123.js',
        mainOf('one'),
        `${mainOf('one')}.br`,
        'mf-manifest.json',
        'shared.0123456789.js',
        'start.0123456789.js',
      ].sort(),
    );
    const record = JSON.parse(ws.read(path.join(folder(release), 'integrity.json'))) as {
      manifest: string;
      files: Record<string, string>;
    };
    expect(record.manifest).toBe(sri(readFileSync(path.join(folder(release), 'mf-manifest.json'))));
    expect(record.files['index.html']).toBe(sri(readFileSync(path.join(folder(release), 'index.html'))));
    const again = await ws.run('stage', 'host', '--from', path.join(ws.root, 'host-builds', 'one'), '--json');
    expect(again.json()).toMatchObject({ result: { release, created: false } });
  });

  it('promote names the build in host.json by the sha384 of its integrity.json and logs it; rollback goes back', async () => {
    const one = await stageHost('one');
    const two = await stageHost('two');
    expect((await ws.run('promote', 'host', one)).code).toBe(0);
    expect(hostJson()).toEqual({
      release: one,
      integrity: sri(readFileSync(path.join(folder(one), 'integrity.json'))),
    });
    const promoted = await ws.run('promote', 'host', two);
    expect(promoted.out).toBe(`host: ${one} → ${two} (new page loads use it now)`);
    expect(hostJson()).toMatchObject({ release: two });
    expect(ws.logLines().at(-1)).toMatchObject({
      remote: 'host',
      action: 'promote',
      by: 'rita.release',
      from: { release: one },
      to: { release: two },
    });
    const status = (await ws.run('status', '--json')).json() as { result: { host: unknown } };
    expect(status.result.host).toMatchObject({
      live: { release: two, problems: [] },
      previous: { release: one },
    });

    const rolledBack = await ws.run('rollback', 'host');
    expect(rolledBack.out).toBe(`host: rolled back ${two} → ${one}`);
    expect(hostJson()).toMatchObject({ release: one });
    expect((await ws.run('rollback', 'host')).code).toBe(1);
  });

  it('runs a host canary beside the live host; rollback ends it', async () => {
    const one = await stageHost('one');
    const two = await stageHost('two');
    await ws.run('promote', 'host', one);
    const canary = await ws.run('promote', 'host', two, '--canary', '10');
    expect(canary.out).toBe(`host: ${two} for 10 % of new sessions, ${one} for the rest`);
    expect(hostJson()).toMatchObject({ release: one, canary: { release: two, percent: 10 } });
    await ws.run('rollback', 'host');
    expect(hostJson()).toEqual({ release: one, integrity: expect.any(String) });
    expect(ws.logLines().at(-1)).toMatchObject({
      remote: 'host',
      action: 'end-canary',
      from: { release: two },
    });
  });

  it('refuses a host older than a live remote requires, naming the remote', async () => {
    const remote = await ws.stage('factors', { shared: { '@portal/shared/router': '^1.2.0' } });
    expect((await ws.run('promote', 'remote_factors', remote)).code).toBe(0);
    const older = await stageHost('older', '1.1.0');
    const verified = await ws.run('verify', 'host', older);
    expect(verified.code).toBe(1);
    expect(verified.err).toContain(
      `remote_factors ${remote} (live) needs a host providing @portal/shared ^1.2.0; this host provides 1.1.0`,
    );
    expect((await ws.run('promote', 'host', older)).code).toBe(1);
    expect(existsSync(hostFile())).toBe(false);
    const current = await stageHost('current', '1.2.0');
    expect((await ws.run('verify', 'host', current)).code).toBe(0);
  });

  it('refuses a release folder whose file changed or that holds a stray file', async () => {
    const one = await stageHost('one');
    writeFileSync(path.join(folder(one), 'index.html'), '<html>changed</html>');
    writeFileSync(path.join(folder(one), 'extra.js'), 'alert(1)');
    const verified = await ws.run('verify', 'host', one);
    expect(verified.code).toBe(1);
    expect(verified.err).toContain('index.html does not match its recorded integrity');
    expect(verified.err).toContain('extra.js is not a file of the staged build');
    expect((await ws.run('promote', 'host', one)).code).toBe(1);
  });

  it('refuses a build whose first-load.json names an entry or a last file it lacks', async () => {
    const from = writeHostBuild(path.join(ws.root, 'host-builds', 'gap'), 'gap');
    const plan = JSON.parse(readFileSync(path.join(from, 'first-load.json'), 'utf8')) as object;
    writeFileSync(
      path.join(from, 'first-load.json'),
      JSON.stringify({
        ...plan,
        entry: '/main.0000000000.js',
        last: { js: ['/renderer.0123456789.js'], css: [] },
      }),
    );
    const staged = await ws.run('stage', 'host', '--from', from, '--json');
    expect(staged.code).toBe(1);
    expect(`${staged.out}${staged.err}`).toContain('main.0000000000.js is named by the build but missing');
    expect(`${staged.out}${staged.err}`).toContain(
      'renderer.0123456789.js is named by the build but missing',
    );
  });

  it('prune keeps the live host and the one before it, and deletes what nothing needs', async () => {
    const releases = [];
    for (const label of ['a', 'b', 'c', 'd', 'e']) {
      const release = await stageHost(label);
      await ws.run('promote', 'host', release);
      releases.push(release);
    }
    const pruned = (await ws.run('prune', 'host', '--keep', '1', '--json')).json() as {
      result: { removed: string[] };
    };
    expect(pruned.result.removed.sort()).toEqual(releases.slice(0, 3).sort());
    expect(existsSync(folder(releases[4] ?? ''))).toBe(true);
    expect(existsSync(folder(releases[3] ?? ''))).toBe(true);
  });
});
