import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Code outside the kernel imports @portal/shared only through its entries (one share key each),
 * and inside it relatively: the codemod, in check mode, finds nothing to rewrite and nothing it
 * cannot map (docs/contracts.md, "`@portal/shared` is a runtime contract").
 */
const root = path.resolve(import.meta.dirname, '../..');

describe('scripts/codemods/kernel-entries.mjs', () => {
  it('finds every @portal/shared import already on an entry', { timeout: 60_000 }, () => {
    const run = spawnSync(process.execPath, ['scripts/codemods/kernel-entries.mjs', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stdout).toContain('would change 0 file(s)');
    expect(run.stdout).not.toContain('not mapped');
    expect(run.status).toBe(0);
  });
});
