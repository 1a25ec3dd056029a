import { readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from './helpers/fixtures.js';

/** Every file under a folder, relative to it, sorted. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('release stage: only what the manifest carries', () => {
  let ws: Workspace;

  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  const stageFrom = (from: string) => ws.run('stage', 'remote_factors', '--from', from, '--json');

  it('copies the manifest, the files it names and their .br/.gz, and nothing else', async () => {
    const from = ws.build('extra', { exposes: ['./Otp', './Push'] });
    writeFileSync(path.join(from, 'mf-manifest.json.gz'), '(gzip of the manifest)');
    writeFileSync(path.join(from, 'Otp.js.map'), '{"version":3}');
    writeFileSync(path.join(from, 'mf-stats.json'), '{}');
    writeFileSync(path.join(from, 'secrets.env'), 'TOKEN=1');
    const result = await stageFrom(from);
    expect(result.code).toBe(0);
    const { release } = (result.json() as { result: { release: string } }).result;
    expect(filesUnder(ws.folder(release))).toEqual([
      'Otp.css',
      'Otp.js',
      'Otp.js.br',
      'Push.css',
      'Push.js',
      'Push.js.br',
      'integrity.json',
      'mf-manifest.json',
      'mf-manifest.json.gz',
      'remoteEntry.js',
      'shared.js',
    ]);
    expect((await ws.run('verify', 'remote_factors', release)).code).toBe(0);
  });

  it('names the release by the carried files only: a new source map or stray file stages into the same folder', async () => {
    const from = ws.build('same');
    const first = await stageFrom(from);
    writeFileSync(path.join(from, 'Otp.js.map'), '{"version":3}');
    const second = await stageFrom(from);
    const releaseOf = (result: typeof first) =>
      (result.json() as { result: { release: string } }).result.release;
    expect(releaseOf(second)).toBe(releaseOf(first));
    expect(second.json()).toMatchObject({ result: { created: false } });
  });

  it('refuses a build whose named file is a symbolic link', async () => {
    const from = ws.build('linked');
    const outside = path.join(ws.root, 'outside.js');
    writeFileSync(outside, '/* not the build */');
    const entry = path.join(from, 'remoteEntry.js');
    rmSync(entry);
    symlinkSync(outside, entry);
    const result = await stageFrom(from);
    expect(result.code).toBe(1);
    expect(result.out + result.err).toContain('remoteEntry.js is a symbolic link or lies behind one');
    expect(readdirSync(ws.releases)).not.toContain('remote-factors');
  });

  it('leaves an unlisted symbolic link in the build behind', async () => {
    const from = ws.build('stray-link');
    symlinkSync('/etc/passwd', path.join(from, 'passwd'));
    const result = await stageFrom(from);
    expect(result.code).toBe(0);
    const { release } = (result.json() as { result: { release: string } }).result;
    expect(filesUnder(ws.folder(release))).not.toContain('passwd');
  });
});

describe('release verify: a release folder holds nothing unlisted', () => {
  let ws: Workspace;

  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  const problemsOf = async (release: string) => {
    const result = await ws.run('verify', 'remote_factors', release, '--json');
    expect(result.code).toBe(1);
    return (result.json() as { problems: string[] }).problems;
  };

  it('refuses a file the manifest does not carry', async () => {
    const release = await ws.stage('good');
    writeFileSync(path.join(ws.folder(release), 'Otp.js.map'), '{"version":3}');
    expect(await problemsOf(release)).toEqual(['Otp.js.map is not carried by mf-manifest.json']);
  });

  it('refuses a symbolic link placed in the folder', async () => {
    const release = await ws.stage('good');
    symlinkSync('/etc/passwd', path.join(ws.folder(release), 'notes.txt'));
    expect(await problemsOf(release)).toEqual(['notes.txt is a symbolic link']);
  });

  it('refuses a carried file replaced by a symbolic link to the same bytes', async () => {
    const release = await ws.stage('good');
    const copy = path.join(ws.root, 'Otp.css');
    const file = path.join(ws.folder(release), 'Otp.css');
    writeFileSync(copy, ws.read(file));
    rmSync(file);
    symlinkSync(copy, file);
    expect(await problemsOf(release)).toEqual(['Otp.css is a symbolic link']);
  });
});
