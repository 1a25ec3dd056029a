import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contributionsWith, FACTORS_CONTRIBUTIONS, writeHostDist, Workspace } from './helpers/fixtures.js';

/** Each refusal of `verify`, and the message that names the problem. */
describe('release verify', () => {
  let ws: Workspace;

  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  const verify = async (release: string) => ws.run('verify', 'remote_factors', release, '--json');
  const problemsOf = async (release: string) => {
    const result = await verify(release);
    expect(result.code).toBe(1);
    return (result.json() as { ok: boolean; problems: string[] }).problems;
  };
  const edit = (release: string, file: string, change: (text: string) => string) => {
    const target = path.join(ws.folder(release), file);
    writeFileSync(target, change(readFileSync(target, 'utf8')));
  };

  it('accepts a staged build that fits the live host', async () => {
    const release = await ws.stage('good');
    const result = await verify(release);
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({ ok: true, result: { release, problems: [] } });
    expect((await ws.run('verify', 'remote_factors', release)).out).toBe(
      `remote_factors ${release} passes every check\n` +
        '  needs a host providing @portal/shared ^1.2.0; the live host provides 1.2.0',
    );
    expect(result.json()).toMatchObject({
      result: { host: 'needs a host providing @portal/shared ^1.2.0; the live host provides 1.2.0' },
    });
  });

  it('refuses a manifest that is not JSON', async () => {
    const release = await ws.stage('good');
    edit(release, 'mf-manifest.json', (text) => text.slice(0, 40));
    expect((await problemsOf(release))[0]).toMatch(/^mf-manifest\.json is not JSON/);
  });

  it('refuses a manifest that is not a federation manifest', async () => {
    const release = await ws.stage('good');
    edit(release, 'mf-manifest.json', () => JSON.stringify({ name: 'remote_factors', exposes: 'none' }));
    expect((await problemsOf(release))[0]).toMatch(/^mf-manifest\.json is not a federation manifest/);
  });

  it("refuses another remote's build", async () => {
    const release = await ws.stage('good');
    edit(release, 'mf-manifest.json', (text) => text.replaceAll('"remote_factors"', '"remote_login"'));
    expect(await problemsOf(release)).toContain(
      'mf-manifest.json is the build of remote_login, not of remote_factors',
    );
  });

  it('refuses a build that lacks an expose its own routes need', async () => {
    const release = await ws.stage('no-otp', { exposes: ['./Push'] });
    expect(await problemsOf(release)).toEqual([
      'it does not expose ./Otp, which its routes /sotp, /eotp need',
    ]);
  });

  it('refuses a build without contributions, or with invalid ones, saying what is wrong', async () => {
    const none = await ws.stage('none', { contributions: null });
    expect((await problemsOf(none))[0]).toMatch(/^mf-manifest\.json carries no contributions/);
    const invalid = await ws.stage('invalid', {
      contributions: contributionsWith([{ path: 'sotp', guard: 'C', expose: './Otp', title: 'SMS' }]),
    });
    expect(await problemsOf(invalid)).toEqual([
      expect.stringMatching(/^its contributions are invalid: .*routes\.0\.path/),
    ]);
  });

  it("refuses a build whose claims collide with another live remote's, naming both", async () => {
    const help = ws.build('help', {
      name: 'remote_help',
      exposes: ['./Help'],
      contributions: contributionsWith([
        { path: '/help', guard: 'none', expose: './Help', title: 'Help' },
        { path: '/push', guard: 'none', expose: './Help', title: 'Push help' },
      ]),
    });
    const staged = await ws.run('stage', 'remote_help', '--from', help, '--json');
    const helpRelease = (staged.json() as { result: { release: string } }).result.release;
    expect((await ws.run('promote', 'remote_help', helpRelease)).code).toBe(0);

    const release = await ws.stage('good');
    expect(await problemsOf(release)).toEqual([
      'remote_factors claims the path /push, which remote_help already claims',
    ]);
    const promoted = await ws.run('promote', 'remote_factors', release);
    expect(promoted.code).toBe(1);
    expect(promoted.err).toContain('remote_factors claims the path /push, which remote_help already claims');

    // Without the claim, the same remotes live side by side.
    const apart = await ws.stage('apart', {
      contributions: { ...FACTORS_CONTRIBUTIONS, routes: FACTORS_CONTRIBUTIONS.routes.slice(0, 2) },
      exposes: ['./Otp'],
    });
    expect((await verify(apart)).code).toBe(0);
  });

  it('refuses a build whose shared singletons the live host does not satisfy', async () => {
    const release = await ws.stage('future', {
      shared: { '@portal/shared/router': '^2.0.0', react: '^19.3.1', 'jotai/utils': '^3.0.0' },
    });
    expect(await problemsOf(release)).toEqual([
      'it needs a host providing @portal/shared ^2.0.0; the live host provides 1.2.0',
      'it needs jotai ^3.0.0, but the live host provides 2.20.3',
    ]);
  });

  it('checks react-intl, a strict singleton of the contract, like the others', async () => {
    writeHostDist(ws.hostDist, { 'react-intl': '7.1.0' });
    const release = await ws.stage('intl', { shared: { 'react-intl': '^8.0.0' } });
    expect(await problemsOf(release)).toEqual([
      'it needs react-intl ^8.0.0, but the live host provides 7.1.0',
    ]);
  });

  it('refuses a build that needs a singleton the live host does not provide', async () => {
    const release = await ws.stage('router', { shared: { 'react-router-dom': '^7.18.5' } });
    expect(await problemsOf(release)).toEqual([
      'it needs react-router-dom ^7.18.5 as a shared singleton, which the live host does not provide',
    ]);
  });

  it('checks against the host build it is given (a newer host accepts the build)', async () => {
    const release = await ws.stage('future', { shared: { '@portal/shared/router': '^1.3.0' } });
    expect(await problemsOf(release)).toEqual([
      'it needs a host providing @portal/shared ^1.3.0; the live host provides 1.2.0',
    ]);
    writeHostDist(ws.hostDist, { '@portal/shared/router': '1.3.2' });
    expect((await verify(release)).code).toBe(0);
  });

  it('refuses a file changed after staging', async () => {
    const release = await ws.stage('good');
    edit(release, 'Otp.js', (text) => `${text}\nalert('tampered');`);
    expect(await problemsOf(release)).toEqual(['Otp.js does not match its recorded integrity']);
  });

  it('refuses a precompressed copy changed, added or removed after staging (the server sends it instead)', async () => {
    const release = await ws.stage('good');
    edit(release, 'Otp.js.br', () => 'other bytes');
    writeFileSync(path.join(ws.folder(release), 'Push.css.gz'), 'added');
    rmSync(path.join(ws.folder(release), 'Push.js.br'));
    expect(await problemsOf(release)).toEqual([
      'Otp.js.br does not match its recorded integrity',
      'Push.css.gz was added after staging',
      'Push.js.br is missing',
    ]);
  });

  it('refuses a manifest changed after staging, even one that still parses', async () => {
    const release = await ws.stage('good');
    edit(release, 'mf-manifest.json', (text) => `${text}\n`);
    expect(await problemsOf(release)).toEqual(['mf-manifest.json does not match its recorded integrity']);
  });

  it('refuses a build with a missing file', async () => {
    const release = await ws.stage('good');
    rmSync(path.join(ws.folder(release), 'Push.css'));
    expect(await problemsOf(release)).toEqual(['Push.css is missing']);
  });

  it('refuses a build without its integrity record', async () => {
    const release = await ws.stage('good');
    rmSync(path.join(ws.folder(release), 'integrity.json'));
    expect(await problemsOf(release)).toEqual([
      'integrity.json is missing (stage the build with the release tool)',
    ]);
  });

  it("refuses a file that does not match the integrity the build's manifest gives", async () => {
    const release = await ws.stage('sri', { integrity: { 'Otp.js': `sha384-${'A'.repeat(64)}` } });
    expect(await problemsOf(release)).toEqual(['Otp.js does not match the integrity its manifest gives']);
  });

  it('names every problem of a build at once', async () => {
    const release = await ws.stage('bad', { exposes: ['./Otp'], shared: { react: '^20.0.0' } });
    edit(release, 'Otp.js', () => 'changed');
    expect(await problemsOf(release)).toEqual([
      'it does not expose ./Push, which its route /push needs',
      'it needs react ^20.0.0, but the live host provides 19.3.1',
      'Otp.js does not match its recorded integrity',
    ]);
  });

  it('refuses an unknown release, naming the ones staged', async () => {
    const release = await ws.stage('good');
    const result = await ws.run('verify', 'remote_factors', '1.0.0-typo');
    expect(result.code).toBe(1);
    expect(result.err).toContain(`remote_factors has no release '1.0.0-typo'`);
    expect(result.err).toContain(`(staged: ${release})`);
  });

  it('refuses when the live host build cannot be read', async () => {
    const release = await ws.stage('good');
    rmSync(path.join(ws.hostDist, 'mf-manifest.json'));
    const result = await verify(release);
    expect(result.code).toBe(1);
    expect((result.json() as { error: string }).error).toMatch(
      /^Cannot check against the live host: .*mf-manifest\.json is missing/,
    );
  });
});
