import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One copy of the shared state (the atoms, the store, registries). Module Federation shares the
 * kernel by its entries (`@portal/shared/session`, `/transport`…), one share key each, all provided
 * by the host under one strict version, so every build runs the host's modules: a module imported
 * relatively inside the kernel is the host's too. Inside the kernel a module never imports the
 * package by name: the request would go through an entry (a barrel re-exporting its whole area),
 * whose cycles between areas could run a module before the one it needs.
 */
const srcDir = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('one copy of the shared state', () => {
  it('imports the kernel relatively inside the kernel, never through an entry', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /(?:from|import)\s*\(?\s*'(@portal\/shared[^']*)'/g,
      )) {
        offenders.push(`${path.relative(srcDir, file)} → ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
