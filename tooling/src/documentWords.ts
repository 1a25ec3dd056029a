import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The words of the host page itself (its `<title>`, its `<noscript>`) in each locale, for the
 * portal server to put into the page it composes for that locale (first-load.json's
 * `documentWords`). They are kernel messages: read from the kernel's compiled catalogues at build
 * time, so the server holds no copy of any wording. A message a compiled catalogue holds as text
 * is taken as it is; the source locale's catalogue keeps only what needs formatting, so en-US (and
 * a message that is not plain text) falls back to the source's wording, `lang/en-US.json`.
 */
export function documentWords(
  /** The kernel's compiled-lang/ folder (its lang/ beside it). */
  catalogueDir: string,
  locales: readonly string[],
  /** Element → message id, e.g. `{ title: 'shell.productName' }`. */
  ids: Readonly<Record<string, string>>,
): Record<string, Record<string, string>> {
  const source = readMessages(path.join(catalogueDir, '..', 'lang', 'en-US.json'));
  const words: Record<string, Record<string, string>> = {};
  for (const locale of locales) {
    const compiled = readMessages(path.join(catalogueDir, `${locale}.json`));
    const entries = Object.entries(ids).flatMap(([element, id]) => {
      const text = plainText(compiled[id]) ?? plainText(source[id]);
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

/** A message as plain text: a string, or a syntax tree of literals only; undefined otherwise. */
function plainText(message: unknown): string | undefined {
  if (typeof message === 'string') return message;
  if (!Array.isArray(message)) return undefined;
  let text = '';
  for (const element of message as { type?: unknown; value?: unknown }[]) {
    if (element.type !== 0 || typeof element.value !== 'string') return undefined;
    text += element.value;
  }
  return text;
}
