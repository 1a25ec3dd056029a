import { describe, expect, it } from 'vitest';
import {
  compareApi,
  currentApi,
  describeChange,
  packageVersion,
  readReport,
  stepProblem,
  versionStep,
} from '../scripts/apiReport.mjs';

/*
 * The kernel is a runtime contract (docs/contracts.md): remotes built against one version run on
 * a host with another. Its public API is recorded in api/report.api.md with the version it
 * describes; changing the API without the semver step it needs fails here, and
 * `node scripts/pnpm.mjs --filter @portal/shared api:report` refuses to write a report for a
 * version that does not take that step.
 */
describe('the kernel API report', () => {
  it('records the current API and the version in package.json', { timeout: 120_000 }, () => {
    const report = readReport();
    expect(report, 'shared/api/report.api.md is missing: run api:report').not.toBeNull();
    if (!report) return;
    const change = compareApi(report.api, currentApi());
    const version = packageVersion();
    const needed =
      change.step === 'none'
        ? ''
        : `\nThe kernel's API differs from api/report.api.md (${report.version}):\n${describeChange(change)}\n` +
          `This needs a ${change.step} step (${stepProblem(change.step, report.version, version) ?? `${version} takes it`}): ` +
          'set shared/package.json version, then run `node scripts/pnpm.mjs --filter @portal/shared api:report`.';
    expect(change.step, needed).toBe('none');
    expect(
      report.version,
      'the report describes another version than shared/package.json: run api:report',
    ).toBe(version);
  });
});

describe('the semver rule', () => {
  const api = { '@portal/shared/x': { a: 'function: () => void', b: 'const: 1' } };

  it('needs a minor step for an addition, a major one for a removal or a changed signature', () => {
    expect(compareApi(api, { '@portal/shared/x': { ...api['@portal/shared/x'], c: 'const: 2' } })).toEqual({
      added: ['@portal/shared/x#c'],
      removed: [],
      changed: [],
      step: 'minor',
    });
    expect(compareApi(api, { '@portal/shared/x': { a: 'function: () => void' } }).step).toBe('major');
    expect(
      compareApi(api, { '@portal/shared/x': { a: 'function: (n: number) => void', b: 'const: 1' } }),
    ).toEqual({
      added: [],
      removed: [],
      changed: ['@portal/shared/x#a'],
      step: 'major',
    });
    expect(compareApi(api, api).step).toBe('none');
  });

  it('accepts exactly the step the change needs', () => {
    expect(versionStep('1.5.0', '1.6.0')).toBe('minor');
    expect(versionStep('1.5.0', '1.5.1')).toBe('patch');
    expect(versionStep('1.5.0', '1.6.1')).toBe('invalid');
    expect(stepProblem('minor', '1.5.0', '1.6.0')).toBeNull();
    expect(stepProblem('minor', '1.5.0', '1.5.0')).toBe(
      'the API change needs a minor step: 1.5.0 → 1.6.0, not 1.5.0',
    );
    expect(stepProblem('major', '1.5.0', '1.6.0')).toBe(
      'the API change needs a major step: 1.5.0 → 2.0.0 (or 2.0.0-next.1, a major made in steps), not 1.6.0',
    );
    expect(stepProblem('major', '1.5.0', '2.0.0')).toBeNull();
    expect(stepProblem('none', '1.5.0', '1.5.1')).toBeNull();
    expect(stepProblem('none', '1.5.0', '1.6.0')).toBe(
      'the API did not change: keep 1.5.0 or take a patch step (1.5.1), not 1.6.0',
    );
  });

  it('lets a major be made in steps: each -next.<n> may change anything, the release closes it', () => {
    expect(stepProblem('major', '3.6.0', '4.0.0-next.1')).toBeNull();
    expect(stepProblem('major', '4.0.0-next.1', '4.0.0-next.2')).toBeNull();
    expect(stepProblem('minor', '4.0.0-next.2', '4.0.0')).toBeNull();
    expect(stepProblem('none', '4.0.0-next.2', '4.0.0-next.2')).toBeNull();
    // A change needs the next step; a step back, another major or a minor's prerelease is refused.
    expect(stepProblem('major', '4.0.0-next.2', '4.0.0-next.2')).toBe(
      "the API change needs the major's next step: 4.0.0-next.2 → 4.0.0-next.3, not 4.0.0-next.2",
    );
    expect(versionStep('4.0.0-next.2', '4.0.0-next.1')).toBe('invalid');
    expect(versionStep('4.0.0-next.2', '5.0.0')).toBe('invalid');
    expect(() => versionStep('3.6.0', '3.7.0-next.1')).toThrow('only a major is made in steps');
    expect(versionStep('3.6.0', '5.0.0')).toBe('invalid');
    expect(() => versionStep('3.6.0', '4.0.0-beta')).toThrow('is not a release version');
  });
});
