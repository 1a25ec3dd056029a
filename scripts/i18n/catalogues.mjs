// The portal's message catalogues: the kernel's and one per remote. Each package keeps its source
// (en-US, ICU) in TypeScript, its extracted form in lang/en-US.json and a translator's file per
// locale in lang/<locale>.json (README, "Adding a locale").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const CATALOGUES = [
  { name: 'kernel', dir: 'shared', source: 'src/messages/en_US.ts' },
  { name: 'remote_login', dir: 'remote-login', source: 'src/messages.ts' },
  { name: 'remote_factors', dir: 'remote-factors', source: 'src/messages.ts' },
  { name: 'remote_selfservice', dir: 'remote-selfservice', source: 'src/messages.ts' },
  { name: 'remote_help', dir: 'remote-help', source: 'src/messages.ts' },
];

export const SOURCE_LOCALE = 'en-US';

const jiti = createJiti(import.meta.url);

/** The catalogue's source as the TypeScript module holds it (a nested object of ICU messages). */
export async function loadSource(catalogue) {
  const module = await jiti.import(path.join(ROOT, catalogue.dir, catalogue.source));
  return module.catalogueSource;
}

/** id → ICU message, in source order, exactly as the kernel flattens it at run time. */
export async function extractSource(catalogue) {
  const { flattenSource } = await jiti.import(path.join(ROOT, 'shared/src/i18n/icu.ts'));
  return flattenSource(await loadSource(catalogue));
}

export function langDir(catalogue) {
  return path.join(ROOT, catalogue.dir, 'lang');
}

/** The locale files of a catalogue (the source's extraction among them): locale → messages. */
export function readLocales(catalogue) {
  const dir = langDir(catalogue);
  const locales = new Map();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    locales.set(file.slice(0, -'.json'.length), JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  }
  return locales;
}

export function serialise(messages) {
  return `${JSON.stringify(messages, null, 2)}\n`;
}
