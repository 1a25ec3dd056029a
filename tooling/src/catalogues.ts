import { SOURCE_LOCALE } from '@portal/contributions/locales';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { packageManifest } from './shared.ts';

/**
 * The source locale: its words are in the code, and its compiled catalogue (the few messages the
 * browser cannot format without a parser) is bundled with them, never a chunk of its own: a page in
 * it asks the network for no catalogue (each package's messages module imports it eagerly).
 */
export { SOURCE_LOCALE };

/**
 * A package's message catalogues, precompiled for its build (docs/architecture.md, "A remote's
 * catalogues"): every `lang/<locale>.json` (ICU strings, the source's extraction en-US.json among
 * them) becomes `compiled-lang/<locale>.json`, its messages as ICU syntax trees (`formatjs compile
 * --ast`), so the browser needs no message parser and evaluates nothing. The pseudo-locales are
 * generated from the source: en-XA (accented and lengthened, in brackets) and ar-XB (right to
 * left, from formatjs's en-XB). The build then emits each file as a chunk of its own, loaded for
 * the active locale only. Written through a temporary folder and renamed file by file, so two
 * builds compiling the kernel's catalogues at once never read a half-written file.
 */
export function compileCatalogues(packageDir: string): void {
  const lang = path.join(packageDir, 'lang');
  if (!existsSync(lang)) return;
  const formatjs = path.join(
    path.dirname(packageManifest('@formatjs/cli', import.meta.dirname)),
    'bin/formatjs',
  );
  const out = path.join(packageDir, 'compiled-lang');
  const scratch = mkdtempSync(path.join(packageDir, '.compiled-lang-'));
  try {
    const run = (args: string[]) => execFileSync(process.execPath, [formatjs, ...args], { stdio: 'pipe' });
    // A message a locale has not translated yet keeps the source's wording.
    const source = path.join(lang, `${SOURCE_LOCALE}.json`);
    const sourceMessages: unknown = JSON.parse(readFileSync(source, 'utf8'));
    const complete = path.join(scratch, 'complete');
    mkdirSync(complete);
    for (const file of readdirSync(lang).filter((name) => name.endsWith('.json'))) {
      const messages: unknown = JSON.parse(readFileSync(path.join(lang, file), 'utf8'));
      writeFileSync(
        path.join(complete, file),
        JSON.stringify({ ...Object(sourceMessages), ...Object(messages) }),
      );
    }
    run(['compile-folder', '--format', 'simple', '--ast', complete, scratch]);
    rmSync(complete, { recursive: true });
    for (const [pseudo, file] of [
      ['en-XA', 'en-XA.json'],
      ['en-XB', 'ar-XB.json'],
    ] as const) {
      run([
        'compile',
        source,
        '--format',
        'simple',
        '--ast',
        '--pseudo-locale',
        pseudo,
        '--out-file',
        path.join(scratch, file),
      ]);
    }
    mkdirSync(out, { recursive: true });
    const compiled = readdirSync(scratch);
    // A locale file removed from lang/ leaves no chunk behind.
    for (const stale of readdirSync(out).filter((file) => !compiled.includes(file)))
      rmSync(path.join(out, stale));
    for (const file of compiled) {
      const trees: Record<string, unknown> = JSON.parse(readFileSync(path.join(scratch, file), 'utf8'));
      const messages = Object.entries(trees).map(([id, tree]) => [id, simpleTextOrTree(tree)] as const);
      // The source locale's text is in the code already (its words' source): its catalogue keeps
      // only what the browser cannot format without a parser (plurals, selects, dates).
      const kept =
        file === `${SOURCE_LOCALE}.json`
          ? messages.filter(([, message]) => typeof message !== 'string')
          : messages;
      const compact = JSON.stringify(Object.fromEntries(kept));
      const staged = path.join(scratch, `${file}.min`);
      writeFileSync(staged, compact);
      renameSync(staged, path.join(out, file));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A message that is text and simple arguments only (every element a literal or `{name}`, as most
 * are) is shipped as that text: a fraction of the bytes of its syntax tree. A literal holding ICU
 * syntax characters keeps its tree, so a string in a compiled catalogue is always text with simple
 * arguments (the kernel puts the values in itself); plurals, selects and dates stay trees.
 */
function simpleTextOrTree(tree: unknown): unknown {
  if (!Array.isArray(tree)) return tree;
  let text = '';
  for (const element of tree as { type?: unknown; value?: unknown }[]) {
    if (typeof element.value !== 'string') return tree;
    if (element.type === 0 && !/[{}#'<]/.test(element.value)) text += element.value;
    else if (element.type === 1 && /^\w+$/.test(element.value)) text += `{${element.value}}`;
    else return tree;
  }
  return text;
}

/** The kernel's folder, as the app resolves @portal/shared. */
export function kernelDir(appDir: string): string {
  return realpathSync(path.dirname(packageManifest('@portal/shared', appDir)));
}

/**
 * The message parser left out of the browser's bundle (formatjs's "react-intl without parser"):
 * every message arrives precompiled, so intl-messageformat gets the parser's no-op twin.
 */
export function noParserAlias(appDir: string): Record<string, string> {
  const reactIntl = realpathSync(path.dirname(packageManifest('react-intl', appDir)));
  const parser = path.dirname(packageManifest('@formatjs/icu-messageformat-parser', reactIntl));
  return { '@formatjs/icu-messageformat-parser$': path.join(parser, 'no-parser.js') };
}
