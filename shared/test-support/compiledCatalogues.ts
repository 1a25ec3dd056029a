import { existsSync } from 'node:fs';
import path from 'node:path';
// The build's own compiler of catalogues, so the tests read what the browser gets.
import { compileCatalogues } from '../../tooling/src/catalogues.ts';

/**
 * Vitest's global set-up (vitestPreset.ts): the package's catalogues and the kernel's compiled as
 * the build compiles them (`compiled-lang/`), where no build has made them yet (a clean clone runs
 * the unit tests before the builds). A test that switches the language needs them, and they must
 * be there before any module is transformed: the bundler resolves a catalogue's dynamic import
 * against the files present then.
 */
export default function compiledCatalogues(): void {
  const kernel = path.resolve(import.meta.dirname, '..');
  for (const dir of new Set([kernel, process.cwd()])) {
    if (!existsSync(path.join(dir, 'compiled-lang'))) compileCatalogues(dir);
  }
}
