import { hostname } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RELEASE_HOST, Workspace } from './helpers/fixtures.js';
import { spawnCli } from './helpers/spawnCli.js';

/** Who switched and where: the release log names a person and the machine, never 'unknown'. */
describe('release identity', () => {
  let ws: Workspace;
  let second: string;
  beforeEach(async () => {
    ws = new Workspace();
    const first = await ws.stage('first');
    second = await ws.stage('second');
    expect((await ws.run('promote', 'remote_factors', first)).code).toBe(0);
  });
  afterEach(() => ws.cleanup());

  const by = () => ws.logLines().at(-1)?.by;

  it('refuses a promote or rollback when nobody can be named, changing nothing', async () => {
    const before = ws.snapshot();
    for (const argv of [
      ['promote', 'remote_factors', second],
      ['rollback', 'remote_factors'],
      ['promote', 'host', 'any'],
    ]) {
      const refused = await ws.runWith({ env: {} }, ...argv);
      expect(refused.code).toBe(2);
      expect(refused.err).toBe(
        'release: Nobody to name in the release log: pass --by NAME (or set RELEASE_BY); $USER is not set and the account has no login name',
      );
    }
    expect(ws.snapshot()).toEqual(before);
    // Commands that log nobody still run.
    expect((await ws.runWith({ env: {} }, 'status')).code).toBe(0);
  });

  it('refuses an empty --by', async () => {
    const refused = await ws.run('promote', 'remote_factors', second, '--by', ' ');
    expect(refused.code).toBe(2);
    expect(refused.err).toBe('release: --by takes the name of who releases');
  });

  it('names --by, else $RELEASE_BY, else $USER, else the login name of the account', async () => {
    const cases: [Record<string, string>, string[], (() => string) | undefined, string][] = [
      [{ RELEASE_BY: 'rb.name', USER: 'user.name' }, ['--by', 'by.name'], undefined, 'by.name'],
      [{ RELEASE_BY: 'rb.name', USER: 'user.name' }, [], undefined, 'rb.name'],
      [{ USER: 'user.name' }, [], () => 'account.name', 'user.name'],
      [{}, [], () => 'account.name', 'account.name'],
    ];
    for (const [env, options, account, name] of cases) {
      const promoted = await ws.runWith(
        { env, ...(account ? { account } : {}) },
        'promote',
        'remote_factors',
        second,
        ...options,
      );
      expect(promoted.code).toBe(0);
      expect(by()).toBe(name);
      expect(ws.logLines().at(-1)?.hostname).toBe(RELEASE_HOST);
      expect((await ws.run('rollback', 'remote_factors')).code).toBe(0);
    }
  });
});

describe('release identity, from the command line', () => {
  let ws: Workspace;
  beforeEach(() => {
    ws = new Workspace();
  });
  afterEach(() => ws.cleanup());

  it("logs the machine's host name", async () => {
    const release = await ws.stage('one');
    const run = await spawnCli([
      'promote',
      'remote_factors',
      release,
      '--dir',
      ws.releases,
      '--host-dist',
      ws.hostDist,
    ]).finished;
    expect(run.code).toBe(0);
    expect(ws.logLines().at(-1)).toMatchObject({ by: 'rita.release', hostname: hostname() });
  });
});
