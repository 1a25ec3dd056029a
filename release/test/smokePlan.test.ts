import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';
import { chooseRoutes, exposesNotRendered, planVisits, readFactorUsers } from '../src/smoke/plan.js';

const route = (routePath: string, guard: 'A' | 'B' | 'C' | 'none', expose: string) => ({
  path: routePath,
  guard,
  expose,
  title: routePath,
});

/** The CLI's input and output for a test, with what it writes to stderr collected. */
function cliCollectingErrors() {
  const errors: string[] = [];
  const io = {
    repoRoot: tmpdir(),
    env: {},
    out: () => undefined,
    err: (text: string) => errors.push(text),
  };
  return { errors, io };
}

describe('the smoke test plan', () => {
  it('reaches each route with the state its guard needs, and says which factor steps it cannot reach', () => {
    const visits = planVisits(
      {
        routes: [
          route('/sotp', 'C', './Otp'),
          route('/recovery-code', 'C', './RecoveryCode'),
          route('/welcome', 'B', './Welcome'),
          route('/help', 'none', './Help'),
          route('/direct', 'A', './UserId'),
        ],
      },
      { '/sotp': 'sam.sms' },
      'remote-factors/harness.json',
    );
    expect(visits).toEqual([
      { kind: 'open', path: '/help', expose: './Help' },
      { kind: 'open', path: '/direct', expose: './UserId' },
      { kind: 'signedIn', path: '/welcome', expose: './Welcome', user: 'pat.password' },
      { kind: 'factor', path: '/sotp', expose: './Otp', user: 'sam.sms' },
      {
        kind: 'unreachable',
        path: '/recovery-code',
        expose: './RecoveryCode',
        why: 'no fixture user is known to reach this factor step (name one in remote-factors/harness.json)',
      },
    ]);
    expect(exposesNotRendered(['./Otp', './RecoveryCode', './Extra'], visits)).toEqual([
      './RecoveryCode',
      './Extra',
    ]);
  });

  it('--routes keeps the named routes in the plan order, and names a route the build does not have', () => {
    const visits = planVisits(
      {
        routes: [
          route('/sotp', 'C', './Otp'),
          route('/eotp', 'C', './Otp'),
          route('/help', 'none', './Help'),
        ],
      },
      { '/sotp': 'sam.sms', '/eotp': 'sam.sms' },
      'harness.json',
    );
    expect(chooseRoutes(visits, ['/sotp', '/help'])).toEqual({
      ok: true,
      visits: [
        { kind: 'open', path: '/help', expose: './Help' },
        { kind: 'factor', path: '/sotp', expose: './Otp', user: 'sam.sms' },
      ],
      left: ['/eotp'],
    });
    expect(chooseRoutes(visits, ['/sotp', '/stop'])).toEqual({ ok: false, unknown: ['/stop'] });
  });

  it("reads a package's harness.json, none as no users, a malformed one as a sentence", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'smoke-plan-'));
    try {
      expect(readFactorUsers(dir)).toEqual({ ok: true, users: {} });
      writeFileSync(path.join(dir, 'harness.json'), '{ "factorUsers": { "/sotp": "sam.sms" } }');
      expect(readFactorUsers(dir)).toEqual({ ok: true, users: { '/sotp': 'sam.sms' } });
      writeFileSync(path.join(dir, 'harness.json'), '{ "factorUsers": ["sam.sms"] }');
      expect(readFactorUsers(dir)).toMatchObject({ ok: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes --smoke, --smoke=journey and --smoke=all, and refuses another mode', async () => {
    const { errors, io } = cliCollectingErrors();
    expect(await runCli(['verify', 'remote_factors', '1.0.0-x', '--smoke=pages'], io)).toBe(2);
    expect(errors.join('\n')).toContain(
      "--smoke takes journey or all, or nothing (the screens), not 'pages'",
    );
    expect(await runCli(['verify', 'host', '1.0.0-x', '--smoke=journey'], io)).toBe(2);
  });

  it('takes --routes only with the screens, as addresses', async () => {
    const { errors, io } = cliCollectingErrors();
    expect(await runCli(['verify', 'remote_factors', '1.0.0-x', '--routes=/sotp'], io)).toBe(2);
    expect(
      await runCli(['verify', 'remote_factors', '1.0.0-x', '--smoke=journey', '--routes=/sotp'], io),
    ).toBe(2);
    expect(errors.join('\n')).toContain(
      '--routes chooses the screens --smoke renders (--smoke or --smoke=all)',
    );
    expect(await runCli(['verify', 'remote_factors', '1.0.0-x', '--smoke', '--routes=sotp'], io)).toBe(2);
    expect(errors.join('\n')).toContain("each starting with /: 'sotp'");
  });
});
