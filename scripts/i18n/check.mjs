// `npm run i18n:check` (run by `npm test`'s lint step): fails when
// - a catalogue's lang/en-US.json is not the extraction of its source (run `npm run i18n:extract`),
// - code reads a message (`messages.a.b`) its catalogue's source does not have,
// - a locale has a message the source does not have, or one whose arguments differ from the
//   source's (a translation may reorder them, never rename, add or drop one), or one that is not
//   valid ICU MessageFormat,
// - a screen writes words a user sees or hears as literals (JSX text, aria-label, title…) instead of
//   reading them from its catalogue,
// - a locale's catalogue or help content addresses the user informally where the portal addresses
//   users formally (register.mjs: tú, tu, du, tu/toi… in es, it, de, fr; tu/teu in pt-BR).
// It reports, without failing, the messages each locale has not translated yet (the source's
// wording is shown for those).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { CATALOGUES, extractSource, loadSource, readLocales, ROOT, SOURCE_LOCALE } from './catalogues.mjs';
import { informalAddress } from './register.mjs';

const failures = [];
const fail = (message) => failures.push(message);

/** The names of a message's arguments (plural, select and tag bodies included). */
function argumentsOf(elements, names = new Set()) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string') names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, names);
  }
  return names;
}

function parsed(catalogueDir, locale, id, message) {
  try {
    return parse(message, { requiresOtherClause: true });
  } catch (error) {
    fail(`${catalogueDir}/lang/${locale}.json: ${id} is not valid ICU (${error.message})`);
    return null;
  }
}

const sameSet = (a, b) => a.size === b.size && [...a].every((item) => b.has(item));

// 1. Extraction is current; 3. every locale is a subset of the source, argument for argument.
/** locale → [translated, total] over every catalogue. */
const report = new Map();
for (const catalogue of CATALOGUES) {
  const source = await extractSource(catalogue);
  const locales = readLocales(catalogue);
  const extracted = locales.get(SOURCE_LOCALE);
  if (JSON.stringify(extracted) !== JSON.stringify(source)) {
    fail(
      `${catalogue.dir}/lang/${SOURCE_LOCALE}.json is not the extraction of ${catalogue.source}: run npm run i18n:extract`,
    );
  }
  const sourceArguments = new Map();
  for (const [id, message] of Object.entries(source)) {
    const tree = parsed(catalogue.dir, SOURCE_LOCALE, id, message);
    if (tree) sourceArguments.set(id, argumentsOf(tree));
  }
  for (const [locale, messages] of locales) {
    if (locale === SOURCE_LOCALE) continue;
    for (const [id, message] of Object.entries(messages)) {
      if (!(id in source)) {
        fail(`${catalogue.dir}/lang/${locale}.json: ${id} is not in the source catalogue`);
        continue;
      }
      const tree = parsed(catalogue.dir, locale, id, message);
      const expected = sourceArguments.get(id);
      if (tree && expected && !sameSet(argumentsOf(tree), expected)) {
        fail(
          `${catalogue.dir}/lang/${locale}.json: ${id} has arguments {${[...argumentsOf(tree)].join(', ')}}, the source {${[...expected].join(', ')}}`,
        );
      }
    }
    const total = Object.keys(source).length;
    const translated = Object.keys(source).filter((id) => id in messages).length;
    const [sumTranslated, sumTotal] = report.get(locale) ?? [0, 0];
    report.set(locale, [sumTranslated + translated, sumTotal + total]);
  }
}

// 2. Every message the code reads is in its catalogue's source.
function hasPath(node, keys) {
  let current = node;
  for (const key of keys) {
    if (current === null || typeof current !== 'object' || !(key in current)) return false;
    current = current[key];
    if (typeof current === 'string' || Array.isArray(current) || 'icu' in current) return true;
  }
  return true;
}

function sourceFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) files.push(...sourceFiles(file));
    else if (/\.tsx?$/.test(name)) files.push(file);
  }
  return files;
}

const sources = new Map();
for (const catalogue of CATALOGUES) sources.set(catalogue.dir, await loadSource(catalogue));
const IMPORT = /import\s*{([^}]*)}\s*from\s*'([^']+)'/g;
for (const dir of ['host', ...CATALOGUES.map((catalogue) => catalogue.dir)]) {
  for (const file of sourceFiles(path.join(ROOT, dir, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const [, names, from] of text.matchAll(IMPORT)) {
      if (!/\bmessages\b/.test(names)) continue;
      const owner =
        from === '@portal/shared/words' || /messages\/en_US$/.test(from)
          ? 'shared'
          : /\/messages$/.test(from)
            ? dir
            : null;
      if (!owner) continue;
      for (const [chain] of text.matchAll(/\bmessages((?:\.\w+)+)/g)) {
        const keys = chain.split('.').slice(1);
        if (!hasPath(sources.get(owner), keys)) {
          fail(`${path.relative(ROOT, file)}: ${chain} is not in ${owner}'s source catalogue`);
        }
      }
    }
  }
}

// 4. No user-visible words outside the catalogues (a grep-level lint of the screens' markup): JSX
// text with letters, and the attributes a user sees or hears, written as literals.
const JSX_TEXT_LINE = /^\s*[A-Za-z][A-Za-z ,.'’!?-]*[a-z][.!?]?\s*$/;
const JSX_TEXT_INLINE = />[^<>{}`]*[A-Za-z]{2,}[^<>{}`]*<\//;
const VISIBLE_ATTRIBUTE = /\b(aria-label|aria-description|title|placeholder|alt|label)="[^"]*[A-Za-z]{2,}/;
for (const dir of ['host', ...CATALOGUES.map((catalogue) => catalogue.dir)]) {
  for (const file of sourceFiles(path.join(ROOT, dir, 'src')).filter((name) => name.endsWith('.tsx'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const code = line.replace(/\/\/.*$/, '');
      if (/^\s*(\*|\/\*|\/\/)/.test(line)) return;
      const inJsx =
        index > 0 && /[>)]\s*$/.test(lines[index - 1] ?? '') && /^\s*</.test(lines[index + 1] ?? '');
      if (JSX_TEXT_INLINE.test(code) || VISIBLE_ATTRIBUTE.test(code) || (inJsx && JSX_TEXT_LINE.test(code))) {
        fail(`${path.relative(ROOT, file)}:${index + 1}: words outside the catalogue: ${line.trim()}`);
      }
    });
  }
}

// 5. Every locale addresses its user in the register the portal chose for it (README, "Decisions
// where the spec is silent").
for (const { file, key, word } of informalAddress()) {
  fail(`${file}: ${key} addresses the user informally ("${word}"); the portal addresses users formally`);
}

if (report.size > 0) {
  const lines = [...report].map(([locale, [translated, total]]) => `${locale} ${translated}/${total}`);
  console.log(`Translated (the rest shows the source's wording): ${lines.join(', ')}`);
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  console.error(`\n${failures.length} catalogue problem(s).`);
  process.exit(1);
}
console.log(
  'Catalogues: every message the code reads is in its source; every locale agrees with it; no screen writes its own words; every locale addresses its user formally.',
);
