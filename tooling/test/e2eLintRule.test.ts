import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// docs/testing.md: the suite's determinism rules that a machine can check are Biome rules
// (lint/e2e-no-instant-checks.grit, on e2e/** and remote-*/e2e/**). Each pattern, in a spec file
// Biome lints as the CI does, must be refused with its own message.

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');
const probe = path.join(root, `e2e/src/zz-lint-probe-${process.pid}.ts`);

function lint(source: string): string {
  writeFileSync(probe, source);
  const result = spawnSync(biome, ['lint', '--colors=off', '--max-diagnostics=50', probe], {
    cwd: root,
    encoding: 'utf8',
  });
  return `${result.stdout}${result.stderr}`;
}

afterEach(() => rmSync(probe, { force: true }));

describe('the e2e determinism lint rule', () => {
  it('refuses isVisible() and isHidden(), which answer for one instant', () => {
    const output = lint(
      'export async function f(stay: { isVisible(): Promise<boolean>; isHidden(): Promise<boolean> }) {\n  if (await stay.isVisible()) return stay.isHidden();\n  return false;\n}\n',
    );
    expect(output).toContain('isVisible() answers for one instant');
    expect(output).toContain('isHidden() answers for one instant');
  });

  it('refuses a fixed sleep', () => {
    const output = lint(
      'export async function f(page: { waitForTimeout(ms: number): Promise<void> }) {\n  await page.waitForTimeout(500);\n}\n',
    );
    expect(output).toContain('A fixed sleep waits for a time, not for a state');
  });

  it('lets a web-first assertion through', () => {
    const output = lint(
      'export async function f(expect: (x: unknown) => { toBeVisible(): Promise<void> }, stay: unknown) {\n  await expect(stay).toBeVisible();\n}\n',
    );
    expect(output).not.toContain('for one instant');
    expect(output).not.toContain('fixed sleep');
  });
});
