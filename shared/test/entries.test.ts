import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Kernel 4.0 (issue 45): an entry names each thing it exports. An `export * from` made every new
// export of a module public the day it was written, with no one deciding it (twelve entries were
// such barrels over 26 folders). scripts/codemods/explicit-entries.mjs writes the explicit form.
const sharedDir = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8')) as {
  exports: Record<string, string>;
};
const entries = Object.entries(manifest.exports).filter(
  ([key, file]) => !key.includes('*') && !key.startsWith('./test-support') && /\.tsx?$/.test(file),
);

describe('the kernel entries', () => {
  it.each(entries)('%s names what it exports (no export *)', (_key, file) => {
    const text = readFileSync(path.join(sharedDir, file), 'utf8');
    expect(text).not.toMatch(/^\s*export\s*\*/m);
  });
});
