import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The design-token lint (stylelint.config.mjs, `npm run lint:css`): host, remote and kernel UI
// stylesheets take colours, font sizes and spacings from shared/src/ui/tokens.css only.

const root = path.resolve(import.meta.dirname, '../..');
const stylelint = path.join(root, 'node_modules/.bin/stylelint');
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures/design-tokens', name);

interface Warning {
  line: number;
  rule: string;
  text: string;
}

/** Stylelint's findings on one file, with the repository's configuration (its JSON report). */
function lint(file: string): { status: number | null; warnings: Warning[] } {
  const result = spawnSync(stylelint, ['--formatter', 'json', file], { cwd: root, encoding: 'utf8' });
  const report = JSON.parse(`${result.stdout}${result.stderr}`) as { warnings: Warning[] }[];
  return { status: result.status, warnings: report.flatMap((entry) => entry.warnings) };
}

describe('the design-token lint', () => {
  it('refuses a raw colour, a raw font size and an off-scale spacing, each where it is', () => {
    const { status, warnings } = lint(fixture('raw-values.css'));
    expect(status).not.toBe(0);
    const lines = (line: number) => warnings.filter((warning) => warning.line === line).map((w) => w.text);
    expect(lines(3).join('\n')).toContain('#123456');
    expect(lines(7).join('\n')).toContain('white');
    expect(lines(11).join('\n')).toContain('rgb()');
    expect(lines(15).join('\n')).toContain('"13px" of "font-size"');
    expect(lines(19).join('\n')).toContain('0.8125rem');
    expect(lines(23).join('\n')).toContain('"7px" of "margin"');
    expect(lines(27).join('\n')).toContain('"1.75rem" of "gap"');
    expect(lines(31).join('\n')).toContain('var(--font-size-md)');
    // Nothing else: every finding is one of the lines above.
    expect([...new Set(warnings.map((warning) => warning.line))].sort((a, b) => a - b)).toEqual([
      3, 7, 11, 15, 19, 23, 27, 31,
    ]);
  });

  it('lets tokens, 0, auto, a negative step and the keywords through', () => {
    expect(lint(fixture('tokens-only.css'))).toEqual({ status: 0, warnings: [] });
  });
});
