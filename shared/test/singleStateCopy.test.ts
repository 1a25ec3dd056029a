import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Modules that hold state (atoms, the store, registries) must be imported by package name inside
 * @portal/shared: Module Federation shares `@portal/shared/…` requests as singletons, while a
 * relative import is bundled into the importing build, which would give that build its own copy
 * of the atoms and silently split the session state between the host and a remote.
 */
const STATEFUL = ['session/atoms', 'session/store', 'config/portalConfig'];
const srcDir = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('one copy of the shared state', () => {
  it('imports stateful modules by package name, never relatively', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
        const target = path.relative(srcDir, path.resolve(path.dirname(file), match[1] ?? ''));
        if (STATEFUL.includes(target)) offenders.push(`${path.relative(srcDir, file)} → ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
