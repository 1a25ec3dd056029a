import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A team works inside its package (issue 22): a remote's unit tests (test/) and screenshot tests
 * (e2e/) import their own package, @portal/* packages and libraries, never another package by a
 * relative path ('../../shared/…', '../../e2e/src/…').
 */

const root = path.resolve(import.meta.dirname, '../..');
const remotes = readdirSync(root).filter((name) => name.startsWith('remote-'));
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name.endsWith('-snapshots') ? [] : sourceFiles(file);
    return /\.(ts|tsx|mts)$/.test(name) ? [file] : [];
  });
}

/** Relative imports of a remote's test files that leave the remote's folder. */
function importsLeavingPackage(remote: string): string[] {
  const remoteDir = path.join(root, remote);
  return ['test', 'e2e'].flatMap((folder) =>
    sourceFiles(path.join(remoteDir, folder)).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((match) => match[1] ?? '')
        .filter((specifier) => specifier.startsWith('.'))
        .filter((specifier) =>
          path.relative(remoteDir, path.resolve(path.dirname(file), specifier)).startsWith('..'),
        )
        .map((specifier) => `${path.relative(root, file)}: ${specifier}`),
    ),
  );
}

describe("a remote's tests", () => {
  it('finds the remotes', () => {
    expect(remotes).toEqual(expect.arrayContaining(['remote-factors', 'remote-login', 'remote-selfservice']));
  });

  it.each(remotes)('%s: import no other package by a relative path', (remote) => {
    expect(importsLeavingPackage(remote)).toEqual([]);
  });
});
