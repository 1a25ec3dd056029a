import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A message id, or one whose text keeps the named arguments for the portal server to fill in. */
export type DocumentWordId = string | { readonly id: string; readonly arguments: readonly string[] };

/**
 * The words of the host page itself (its `<title>`, its `<noscript>`) in each locale, for the
 * portal server to put into the page it composes for that locale (first-load.json's
 * `documentWords`). They are kernel messages: read from the kernel's compiled catalogues at build
 * time, so the server holds no copy of any wording. A message a compiled catalogue holds as text
 * is taken as it is; the source locale's catalogue keeps only what needs formatting, so en-US (and
 * a message that is not plain text) falls back to the source's wording, `lang/en-US.json`. Plain
 * arguments stay as `{name}`, for the server to fill in (the page's title names its screen).
 */
export function documentWords(
  /** The kernel's compiled-lang/ folder (its lang/ beside it). */
  catalogueDir: string,
  locales: readonly string[],
  /**
   * Element → message id, e.g. `{ title: 'shell.productName' }`, or the id and the arguments its
   * text may keep for the server (`{ id: 'shell.documentTitle', arguments: ['screen'] }`).
   */
  ids: Readonly<Record<string, DocumentWordId>>,
): Record<string, Record<string, string>> {
  const source = readMessages(path.join(catalogueDir, '..', 'lang', 'en-US.json'));
  const words: Record<string, Record<string, string>> = {};
  for (const locale of locales) {
    const compiled = readMessages(path.join(catalogueDir, `${locale}.json`));
    const entries = Object.entries(ids).flatMap(([element, word]) => {
      const { id, arguments: names } = typeof word === 'string' ? { id: word, arguments: [] } : word;
      const text = plainText(compiled[id], names) ?? plainText(source[id], names);
      return text === undefined ? [] : [[element, text] as const];
    });
    words[locale] = Object.fromEntries(entries);
  }
  return words;
}

function readMessages(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

/**
 * A message as text, with the arguments it may keep written `{name}` (the portal server fills them
 * in: the screen's title in `{screen} – Authentication Hub`): a compiled syntax tree of literals
 * and those arguments only, or a source string; undefined otherwise (plurals, dates, tags, an
 * argument not named, a literal brace that would read as one).
 */
function plainText(message: unknown, names: readonly string[]): string | undefined {
  if (typeof message === 'string') {
    const argumentsIn = [...message.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
    const simple = /^(?:[^{}]|\{\w+\})*$/.test(message);
    return simple && argumentsIn.every((name) => names.includes(name)) ? message : undefined;
  }
  if (!Array.isArray(message)) return undefined;
  let text = '';
  for (const element of message as { type?: unknown; value?: unknown }[]) {
    if (typeof element.value !== 'string') return undefined;
    if (element.type === 0 && !/[{}]/.test(element.value)) text += element.value;
    else if (element.type === 1 && names.includes(element.value)) text += `{${element.value}}`;
    else return undefined;
  }
  return text;
}
