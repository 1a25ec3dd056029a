import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contributionsWith, FACTORS_CONTRIBUTIONS, Workspace } from './helpers/fixtures.js';

/** `release diff <remote> <A> <B>`: what a promotion from A to B would change. */
describe('release diff', () => {
  let ws: Workspace;
  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  /** A second build: ./Recovery added, /push gone, /sotp retitled, a factor, a call, a newer kernel. */
  const changedBuild = () =>
    ws.stage('two', {
      exposes: ['./Otp', './Push', './Recovery'],
      shared: { react: '^19.3.1', '@portal/shared/router': '^1.2.0', jotai: '^2.20.3' },
      contributions: contributionsWith(
        [
          { path: '/sotp', guard: 'C', expose: './Otp', title: 'Text message code' },
          { path: '/eotp', guard: 'C', expose: './Otp', title: 'Email code' },
          { path: '/recovery', guard: 'C', expose: './Recovery', title: 'Recovery code' },
        ],
        {
          nextActions: [
            { action: 'SMS_OTP_AUTH', path: '/sotp' },
            { action: 'RECOVERYCODE_*', path: '/recovery' },
          ],
          factors: [{ code: 'RECOVERYCODE', label: 'Recovery code' }],
          calls: [{ method: 'POST', path: 'factor/v1/RecoveryCodeAuthenticator' }],
        },
      ),
    });

  it('lists the files, exposes, contributions and shared modules that differ, as text and --json', async () => {
    const one = await ws.stage('one');
    const two = await changedBuild();
    const json = await ws.run('diff', 'remote_factors', one, two, '--json');
    expect(json.code).toBe(0);
    const { result } = json.json() as { result: Record<string, unknown> };
    expect(result).toMatchObject({
      remote: 'remote_factors',
      from: { release: one, revision: null },
      to: { release: two, revision: null },
      files: {
        added: ['Recovery.css', 'Recovery.js', 'Recovery.js.br'],
        removed: [],
        changed: expect.arrayContaining(['Otp.js', 'mf-manifest.json', 'remoteEntry.js']),
      },
      exposes: { added: ['./Recovery'], removed: [], changed: [] },
      contributions: {
        routes: {
          added: ['/recovery'],
          removed: ['/push'],
          changed: [
            { key: '/sotp', changes: [{ field: 'title', from: 'SMS code', to: 'Text message code' }] },
          ],
        },
        nextActions: { added: ['RECOVERYCODE_*'], removed: [], changed: [] },
        factors: { added: ['RECOVERYCODE'], removed: [], changed: [] },
        links: { added: [], removed: [], changed: [] },
        calls: { added: ['POST factor/v1/RecoveryCodeAuthenticator'], removed: [], changed: [] },
      },
      shared: { added: ['jotai'], removed: [], changed: [] },
      notes: [],
      same: false,
    });

    const text = await ws.run('diff', 'remote-factors', one, two);
    expect(text.out).toContain(`remote_factors ${one} (unknown revision) → ${two} (unknown revision)`);
    expect(text.out).toContain('files: 3 added, 0 removed, ');
    expect(text.out).toContain('  + Recovery.js');
    expect(text.out).toContain('exposes:\n  + ./Recovery');
    expect(text.out).toContain(
      'routes:\n  + /recovery\n  - /push\n  ~ /sotp: title SMS code → Text message code',
    );
    expect(text.out).toContain('factors:\n  + RECOVERYCODE');
    expect(text.out).toContain('SSO calls:\n  + POST factor/v1/RecoveryCodeAuthenticator');
    expect(text.out).toContain('shared modules:\n  + jotai');
  });

  it('names a shared module whose required version changed', async () => {
    const one = await ws.stage('one');
    const newer = await ws.stage('newer', {
      shared: { react: '^19.3.1', '@portal/shared/router': '^1.3.0' },
      contributions: FACTORS_CONTRIBUTIONS,
    });
    const text = await ws.run('diff', 'remote_factors', one, newer);
    expect(text.out).toContain('shared modules:\n  ~ @portal/shared/router: requiredVersion ^1.2.0 → ^1.3.0');
  });

  it('says so when the two are the same build', async () => {
    const one = await ws.stage('one');
    const text = await ws.run('diff', 'remote_factors', one, one);
    expect(text.out).toContain('the same build: no file, expose, contribution or shared module differs');
    expect((await ws.run('diff', 'remote_factors', one, one, '--json')).json()).toMatchObject({
      result: { same: true },
    });
  });

  it("compares host releases by their files and the shared modules' versions", async () => {
    const one = await ws.stageHost('one', '1.2.0');
    const two = await ws.stageHost('two', '1.3.0');
    const { result } = (await ws.run('diff', 'host', one, two, '--json')).json() as {
      result: Record<string, unknown>;
    };
    expect(result).toMatchObject({
      remote: 'host',
      files: { changed: expect.arrayContaining(['index.html', 'mf-manifest.json']) },
      shared: {
        changed: [
          { key: '@portal/shared/router', changes: [{ field: 'version', from: '1.2.0', to: '1.3.0' }] },
        ],
      },
      exposes: { added: [], removed: [], changed: [] },
    });
  });

  it('refuses an unknown release or a missing argument', async () => {
    const one = await ws.stage('one');
    const unknown = await ws.run('diff', 'remote_factors', one, '1.0.0-nothing');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("remote_factors has no release '1.0.0-nothing'");
    const missing = await ws.run('diff', 'remote_factors', one);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('diff takes <remote> <release> <release>');
  });
});
