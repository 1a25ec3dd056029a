#!/usr/bin/env node
// Kernel 4.0 (issue 45): every kernel entry names what it exports. Rewrites each
// `export * from './x'` of an entry file (shared/package.json `exports`) into
// `export { a, type B } from './x'`, the names read with the TypeScript compiler, so the entry's
// public API is unchanged (shared/test/apiReport.test.ts says so) and a new export in a module no
// longer becomes public by accident. Idempotent: an entry without `export *` is left as it is.
//
//   node scripts/codemods/explicit-entries.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const sharedDir = path.join(root, 'shared');
const ts = createRequire(path.join(sharedDir, 'package.json'))('typescript-api');
const check = process.argv.includes('--check');

const manifest = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8'));
const entryFiles = Object.entries(manifest.exports)
  .filter(([key, file]) => !key.includes('*') && !key.startsWith('./test-support') && /\.tsx?$/.test(file))
  .map(([, file]) => path.join(sharedDir, file));

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(sharedDir, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
const program = ts.createProgram({ rootNames: entryFiles, options: config.options });
const checker = program.getTypeChecker();

/** Whether a symbol is only a type (an interface or type alias), followed through aliases. */
function isTypeOnly(symbol) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return (target.flags & ts.SymbolFlags.Value) === 0;
}

function explicitExport(statement, source) {
  const specifier = statement.moduleSpecifier.text;
  const moduleSymbol = checker.getSymbolAtLocation(statement.moduleSpecifier);
  if (!moduleSymbol) throw new Error(`${source.fileName}: cannot resolve ${specifier}`);
  const names = checker
    .getExportsOfModule(moduleSymbol)
    .map((symbol) => ({ name: symbol.getName(), type: isTypeOnly(symbol) }))
    .filter(({ name }) => name !== 'default')
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  if (names.length === 0) return `// ${specifier} exports nothing`;
  const list = names.map(({ name, type }) => (type ? `type ${name}` : name)).join(', ');
  return `export { ${list} } from '${specifier}';`;
}

let changed = 0;
for (const file of entryFiles) {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not in the program`);
  const stars = source.statements.filter(
    (statement) =>
      ts.isExportDeclaration(statement) &&
      !statement.exportClause &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier),
  );
  if (stars.length === 0) continue;
  let text = source.text;
  for (const statement of [...stars].reverse()) {
    text = `${text.slice(0, statement.getStart(source))}${explicitExport(statement, source)}${text.slice(statement.getEnd())}`;
  }
  changed += 1;
  console.log(
    `${check ? 'would rewrite' : 'rewrote'} ${path.relative(root, file)} (${stars.length} export *)`,
  );
  if (!check) writeFileSync(file, text);
}
if (check && changed > 0) process.exit(1);
console.log(changed === 0 ? 'every entry names its exports' : `${changed} entries`);
