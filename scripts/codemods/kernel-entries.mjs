#!/usr/bin/env node
// Rewrites every import of a @portal/shared module by its file (`@portal/shared/api/client`) to
// the kernel entry that re-exports it (`@portal/shared/transport`), and merges the import lines
// that then name one entry. Idempotent: a second run changes nothing.
//
//   node scripts/codemods/kernel-entries.mjs [--check] [dir…]
//
// The entries are read from shared/package.json `exports` and what each entry file re-exports
// (`export * from '…'`, `export { … } from '…'`), so moving or deleting a module needs no change
// here. Inside shared/src, a module imports another relatively (an entry there would be a barrel
// cycle). An import it cannot map (a module no entry re-exports, a vi.mock of one module: mocking a
// whole entry needs a hand-written factory) is reported, and the exit code is 1.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '../..');
const sharedDir = path.join(root, 'shared');
const PREFIX = '@portal/shared/';
const DEFAULT_DIRS = [
  'host',
  'remote-login',
  'remote-factors',
  'remote-selfservice',
  'remote-help',
  'e2e',
  'bench',
  'tooling',
  'shared/src',
  'shared/test',
  'shared/test-support',
];
const SKIP = new Set(['node_modules', 'dist', '.releases', 'test-results', 'playwright-report']);
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function asFile(candidate) {
  for (const extension of EXTENSIONS) {
    const file = `${candidate}${extension}`;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

/** Entry subpath ('transport') → its file, from shared/package.json `exports`. */
function readEntries() {
  const manifest = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8'));
  const entries = new Map();
  for (const [key, target] of Object.entries(manifest.exports ?? {})) {
    if (key.includes('*') || key.startsWith('./test-support/')) continue;
    entries.set(key.slice(2), path.join(sharedDir, target));
  }
  return entries;
}

const REEXPORT = /^\s*export\s+(?:\*|\{[^}]*\}|type\s+\{[^}]*\})\s*from\s*'([^']+)'/gm;

/** Source file → the entry that re-exports it (directly or through another re-exporting file). */
function fileToEntry(entries) {
  const owner = new Map();
  for (const [entry, entryFile] of entries) {
    const pending = [entryFile];
    for (let file = pending.pop(); file; file = pending.pop()) {
      if (owner.has(file)) {
        if (owner.get(file) !== entry && file !== entryFile) {
          console.warn(`! ${path.relative(root, file)} is re-exported by ${owner.get(file)} and ${entry}`);
        }
        continue;
      }
      owner.set(file, entry);
      for (const match of readFileSync(file, 'utf8').matchAll(REEXPORT)) {
        const target = asFile(path.resolve(path.dirname(file), match[1]));
        if (target) pending.push(target);
      }
    }
  }
  return owner;
}

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(?:tsx?|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `{ a, type B, c as d }` → ['a', 'type B', 'c as d'] (with `type ` when the whole import is type-only). */
function specifierList(body, typeOnly) {
  return body
    .split(',')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((s) => (typeOnly && !s.startsWith('type ') ? `type ${s}` : s));
}

/** One `import { … } from 'source'` per source: named imports merged, type-only kept apart only when all are. */
function mergeNamedImports(text, sources) {
  const NAMED = /^import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)';?[^\S\n]*\n?/gm;
  let merged = text;
  for (const source of sources) {
    const found = [...merged.matchAll(NAMED)].filter((m) => m[3] === source);
    if (found.length < 2) continue;
    const specifiers = [];
    for (const m of found) {
      for (const s of specifierList(m[2], Boolean(m[1]))) if (!specifiers.includes(s)) specifiers.push(s);
    }
    // A value import wins over a type-only one of the same name.
    const names = specifiers.filter((s) => !(s.startsWith('type ') && specifiers.includes(s.slice(5))));
    const allTypes = names.every((s) => s.startsWith('type '));
    const list = allTypes ? names.map((s) => s.slice(5)) : names;
    const statement = `import ${allTypes ? 'type ' : ''}{ ${list.join(', ')} } from '${source}';\n`;
    // The first keeps its place; the others go.
    let first = true;
    merged = merged.replace(NAMED, (whole, _type, _body, from) => {
      if (from !== source) return whole;
      if (first) {
        first = false;
        return statement;
      }
      return '';
    });
  }
  return merged;
}

function run() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const dirs = args.filter((a) => !a.startsWith('--'));
  const entries = readEntries();
  const owner = fileToEntry(entries);
  const sharedSrc = path.join(sharedDir, 'src');
  const unmapped = [];
  const changed = [];
  // `from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`: the request in quotes.
  const REQUEST = new RegExp(
    `(\\bfrom\\s*|^\\s*import\\s*|\\bimport\\(\\s*|\\bvi\\.(?:do)?[mM]ock\\(\\s*)(['"])${PREFIX}([^'"\\n]+)\\2`,
    'gm',
  );
  for (const file of (dirs.length ? dirs : DEFAULT_DIRS).flatMap((d) => sourceFiles(path.resolve(root, d)))) {
    const text = readFileSync(file, 'utf8');
    const inKernel = file.startsWith(`${sharedSrc}${path.sep}`);
    const touched = new Set();
    const rel = path.relative(root, file);
    let next = text.replace(REQUEST, (whole, lead, quote, subpath, offset) => {
      if (subpath.startsWith('test-support/') || subpath.endsWith('.css')) return whole;
      // Outside the kernel an entry stays; inside, it becomes a relative import of the entry's file.
      if (entries.has(subpath) && !inKernel) return whole;
      const before = text.slice(0, offset);
      const line = before.split('\n').length;
      // `from '…'` of a statement, not of a string that holds source text (a test's fixture).
      if (
        lead.startsWith('from') &&
        !/^\s*(?:import|export|\}|type\b|[\w$]+,?\s*$)/.test(before.slice(before.lastIndexOf('\n') + 1))
      ) {
        return whole;
      }
      const target = entries.has(subpath) ? entries.get(subpath) : asFile(path.join(sharedSrc, subpath));
      const entry = target ? owner.get(target) : undefined;
      if (/vi\.(?:do)?[mM]ock/.test(lead) || !target || (!entry && !inKernel)) {
        unmapped.push(
          `${rel}:${line}: ${PREFIX}${subpath}${target ? '' : ' (no such module)'}${entry ? ` (a mock: of ${PREFIX}${entry}, by hand)` : ''}`,
        );
        return whole;
      }
      if (inKernel) {
        let relative = path
          .relative(path.dirname(file), target)
          .replace(/\.tsx?$/, '')
          .split(path.sep)
          .join('/');
        if (!relative.startsWith('.')) relative = `./${relative}`;
        touched.add(relative);
        return `${lead}${quote}${relative}${quote}`;
      }
      touched.add(`${PREFIX}${entry}`);
      return `${lead}${quote}${PREFIX}${entry}${quote}`;
    });
    if (touched.size > 0) next = mergeNamedImports(next, touched);
    if (next !== text) {
      changed.push(rel);
      if (!check) writeFileSync(file, next);
    }
  }
  console.log(`${check ? 'would change' : 'changed'} ${changed.length} file(s)`);
  for (const file of changed) console.log(`  ${file}`);
  // Merged import lines may be longer than the formatter allows: format what was changed.
  const biome = path.join(root, 'node_modules/.bin/biome');
  if (!check && changed.length > 0 && existsSync(biome)) {
    spawnSync(biome, ['format', '--write', ...changed], { cwd: root, stdio: 'ignore' });
  }
  if (unmapped.length > 0) {
    console.log(`${unmapped.length} import(s) not mapped to a kernel entry:`);
    for (const line of unmapped) console.log(`  ${line}`);
  }
  if (unmapped.length > 0 || (check && changed.length > 0)) process.exitCode = 1;
}

run();
