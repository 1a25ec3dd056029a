// The kernel's public API, as a committed report (api/report.api.md), and the semver step a
// change of it needs (docs/contracts.md, "@portal/shared"). The API is what each entry of
// package.json `exports` exports, read with the TypeScript compiler: one line per export with
// its kind and its declared type (a function's signature, an interface's members, an alias's
// definition), so an added export, a removed one and a changed signature all show.
//
//   node scripts/apiReport.mjs   (npm script api:report): checks the version step, writes the report
//
// The unit test test/apiReport.test.ts fails when the API differs from the report.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript-api';

const sharedDir = path.resolve(import.meta.dirname, '..');
export const REPORT_FILE = path.join(sharedDir, 'api/report.api.md');

/** The kernel's entries from package.json `exports` (test support and stylesheets left out). */
export function kernelEntries() {
  const manifest = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8'));
  return Object.entries(manifest.exports)
    .filter(([key]) => !key.includes('*') && !key.startsWith('./test-support/'))
    .map(([key, file]) => ({ request: `@portal/shared/${key.slice(2)}`, file: path.join(sharedDir, file) }))
    .sort((a, b) => a.request.localeCompare(b.request));
}

export function packageVersion() {
  return JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8')).version;
}

const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.WriteArrowStyleSignature |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

/**
 * One text per type, without absolute paths (`import("/…/x").Foo` → `Foo`) or symbol numbers,
 * and on one line.
 */
export const normalise = (text) =>
  text
    .replace(/import\("[^"]*"\)\./g, '')
    // A unique symbol's name carries the compiler's running symbol number (`__@brand@6769`), which
    // any edit elsewhere in the program shifts: the API is the name.
    .replace(/(__@\w+)@\d+/g, '$1')
    // The compiler writes a union of string literals in the order it first met each literal, which
    // an unrelated file that mentions one earlier changes: the API is the set, written sorted.
    .replace(/'[^']*'(?: \| '[^']*')+/g, (run) => run.split(' | ').sort().join(' | '))
    .replace(/\s+/g, ' ')
    .trim();

function describe(checker, symbol) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const declaration = target.declarations?.[0];
  const flags = target.flags;
  if (flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class) && !(flags & ts.SymbolFlags.Function)) {
    const declared = checker.getDeclaredTypeOfSymbol(target);
    const members = checker.getPropertiesOfType(declared).map((member) => {
      const optional = member.flags & ts.SymbolFlags.Optional ? '?' : '';
      const type = checker.getTypeOfSymbol(member);
      return `${member.name}${optional}: ${checker.typeToString(type, undefined, FLAGS)}`;
    });
    const signatures = [
      ...checker.getSignaturesOfType(declared, ts.SignatureKind.Call),
      ...(flags & ts.SymbolFlags.Class
        ? checker.getSignaturesOfType(checker.getTypeOfSymbol(target), ts.SignatureKind.Construct)
        : []),
    ].map((signature) => checker.signatureToString(signature, undefined, FLAGS));
    const kind = flags & ts.SymbolFlags.Class ? 'class' : 'interface';
    return { kind, text: `{ ${[...signatures, ...members].join('; ')} }` };
  }
  if (flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(target);
    const node = declaration && ts.isTypeAliasDeclaration(declaration) ? declaration : undefined;
    const params = node?.typeParameters ? `<${node.typeParameters.map((p) => p.getText()).join(', ')}>` : '';
    const text = checker.typeToString(type, undefined, FLAGS | ts.TypeFormatFlags.InTypeAlias);
    // A value of the same name (a schema and its type) is reported on its own line.
    return { kind: 'type', text: `${params}${text}` };
  }
  if (flags & ts.SymbolFlags.Enum) {
    return { kind: 'enum', text: checker.typeToString(checker.getTypeOfSymbol(target), undefined, FLAGS) };
  }
  const type = checker.getTypeOfSymbol(target);
  const kind = flags & ts.SymbolFlags.Function ? 'function' : 'const';
  return { kind, text: checker.typeToString(type, undefined, FLAGS) };
}

/** The current API: `entry` → export name → `kind: text`. */
export function currentApi() {
  const entries = kernelEntries();
  const configFile = ts.findConfigFile(sharedDir, ts.sys.fileExists, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const program = ts.createProgram({
    rootNames: entries.map((entry) => entry.file),
    options: { ...parsed.options, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const api = {};
  for (const entry of entries) {
    const source = program.getSourceFile(entry.file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${entry.request}: ${entry.file} is not a module`);
    const exports = {};
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const lines = [];
      // A name can be a value and a type at once (a valibot schema and its inferred type).
      if (target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
        const { kind, text } = describe(checker, symbol);
        lines.push(`${kind}: ${normalise(text)}`);
      }
      if (target.flags & ts.SymbolFlags.Value) {
        const type = checker.getTypeOfSymbol(target);
        const kind =
          target.flags & ts.SymbolFlags.Function
            ? 'function'
            : target.flags & ts.SymbolFlags.Class
              ? 'class'
              : target.flags & ts.SymbolFlags.Enum
                ? 'enum'
                : 'const';
        if (kind === 'class') lines.push(`class: ${normalise(describe(checker, symbol).text)}`);
        else lines.push(`${kind}: ${normalise(checker.typeToString(type, undefined, FLAGS))}`);
      }
      exports[symbol.name] = lines.join(' | ');
    }
    api[entry.request] = Object.fromEntries(Object.entries(exports).sort(([a], [b]) => a.localeCompare(b)));
  }
  return api;
}

const HEADER = '# @portal/shared API report';

export function renderReport(version, api) {
  const lines = [
    HEADER,
    '',
    '<!-- Generated by `node scripts/pnpm.mjs --filter @portal/shared api:report`; do not edit. -->',
    '',
    `version: ${version}`,
  ];
  for (const [entry, exports] of Object.entries(api)) {
    lines.push('', `## ${entry}`, '');
    for (const [name, text] of Object.entries(exports)) lines.push(`- \`${name}\` — \`${text}\``);
  }
  return `${lines.join('\n')}\n`;
}

/** The committed report: its version and API (null when there is none yet). */
export function readReport(file = REPORT_FILE) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const version = /^version: (\S+)$/m.exec(text)?.[1];
  if (!version) throw new Error(`${file} names no version`);
  const api = {};
  let entry;
  for (const line of text.split('\n')) {
    const heading = /^## (\S+)$/.exec(line);
    if (heading) {
      entry = heading[1];
      api[entry] = {};
      continue;
    }
    const item = /^- `([^`]+)` — `(.*)`$/.exec(line);
    // Normalised as the current API is, so a report written before a normalisation rule compares.
    if (item && entry) api[entry][item[1]] = normalise(item[2]);
  }
  return { version, api };
}

/** Exports added, removed and changed between two APIs (`@portal/shared/x#name`), and the step they need. */
export function compareApi(before, after) {
  const flat = (api) =>
    new Map(
      Object.entries(api).flatMap(([entry, exports]) =>
        Object.entries(exports).map(([name, text]) => [`${entry}#${name}`, text]),
      ),
    );
  const a = flat(before);
  const b = flat(after);
  const added = [...b.keys()].filter((key) => !a.has(key));
  const removed = [...a.keys()].filter((key) => !b.has(key));
  const changed = [...b.keys()].filter((key) => a.has(key) && a.get(key) !== b.get(key));
  const step = removed.length > 0 || changed.length > 0 ? 'major' : added.length > 0 ? 'minor' : 'none';
  return { added, removed, changed, step };
}

/**
 * A version: major.minor.patch, or a major under way, <major>.0.0-next.<n>. A major is made in
 * several commits (kernel 4.0, issue 45): each takes the next `-next.<n>`, which may change
 * anything, as semver gives a prerelease no promise; the host and every remote built from one
 * commit agree on it (strict singletons of ^<version>), and the first `<major>.0.0` closes it.
 */
const parse = (version) => {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-next\.(\d+))?$/.exec(version);
  if (!match) throw new Error(`${version} is not a release version (major.minor.patch, or major.0.0-next.n)`);
  const [major, minor, patch] = match.slice(1, 4).map(Number);
  const next = match[4] === undefined ? null : Number(match[4]);
  if (next !== null && (minor !== 0 || patch !== 0))
    throw new Error(`${version}: only a major is made in steps`);
  return [major, minor, patch, next];
};

/**
 * The step from one version to another: major, minor, patch, none, `next` (a further step of a
 * major under way, or its release), or invalid.
 */
export function versionStep(from, to) {
  const [a1, a2, a3, aNext] = parse(from);
  const [b1, b2, b3, bNext] = parse(to);
  if (aNext !== null) {
    // From a major under way: its next step, or the major itself.
    if (b1 !== a1 || b2 !== 0 || b3 !== 0) return 'invalid';
    if (bNext === null) return 'next';
    return bNext > aNext ? 'next' : bNext === aNext ? 'none' : 'invalid';
  }
  if (b1 !== a1) return b1 === a1 + 1 && b2 === 0 && b3 === 0 ? 'major' : 'invalid';
  if (bNext !== null) return 'invalid';
  if (b2 !== a2) return b2 > a2 && b3 === 0 ? 'minor' : 'invalid';
  if (b3 !== a3) return b3 > a3 ? 'patch' : 'invalid';
  return 'none';
}

/** Whether a version step is the one an API change needs; the sentence saying why not, or null. */
export function stepProblem(needed, from, to) {
  const step = versionStep(from, to);
  const [, , , fromNext] = parse(from);
  const next = (kind) => {
    const [major, minor, patch] = parse(from);
    if (fromNext !== null) return `${major}.0.0-next.${fromNext + 1}`;
    if (kind === 'major') return `${major + 1}.0.0`;
    if (kind === 'minor') return `${major}.${minor + 1}.0`;
    return `${major}.${minor}.${patch + 1}`;
  };
  // A major under way may change anything in its next step (or in its release).
  if (step === 'next') return null;
  if (needed === 'none') {
    return step === 'none' || step === 'patch'
      ? null
      : `the API did not change: keep ${from} or take a patch step (${next('patch')}), not ${to}`;
  }
  if (fromNext !== null)
    return `the API change needs the major's next step: ${from} → ${next(needed)}, not ${to}`;
  if (step === needed) return null;
  const inSteps = needed === 'major' ? ` (or ${next(needed)}-next.1, a major made in steps)` : '';
  return `the API change needs a ${needed} step: ${from} → ${next(needed)}${inSteps}, not ${to}`;
}

/** A change list as sentences, one export a line. */
export function describeChange({ added, removed, changed }) {
  return [
    ...added.map((key) => `  added:   ${key}`),
    ...removed.map((key) => `  removed: ${key}`),
    ...changed.map((key) => `  changed: ${key}`),
  ].join('\n');
}

function main() {
  const version = packageVersion();
  const api = currentApi();
  const committed = readReport();
  if (committed) {
    const change = compareApi(committed.api, api);
    const problem = stepProblem(change.step, committed.version, version);
    if (problem) {
      console.error(
        `Refused: shared/package.json is ${version}, the report describes ${committed.version}; ${problem}.`,
      );
      if (change.step !== 'none') console.error(describeChange(change));
      process.exit(1);
    }
    console.log(
      `API ${change.step === 'none' ? 'unchanged' : `changed (${change.step})`}: report for ${version}.`,
    );
    if (change.step !== 'none') console.log(describeChange(change));
  }
  writeFileSync(REPORT_FILE, renderReport(version, api));
  console.log(`wrote ${path.relative(process.cwd(), REPORT_FILE)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
