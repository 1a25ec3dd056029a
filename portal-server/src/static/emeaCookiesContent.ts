import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';
import { SOURCE_LOCALE } from '../i18n/negotiateLocale.js';
import { type StaticPageContent, StaticPageContentSchema, staticPageShape } from './staticPageContent.js';

/** The cookie notice's words in en-US, `content/emea-cookies.json`; a locale's, `content/<locale>/emea-cookies.json`. */
const EMEA_COOKIES_FILE = 'emea-cookies.json';

function readContentFile(file: string): StaticPageContent {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${file} cannot be read as JSON: ${reason}`);
  }
  const parsed = v.safeParse(StaticPageContentSchema, data);
  if (!parsed.success) throw new Error(`${file} is invalid: ${describeIssues(parsed.issues)}`);
  return parsed.output;
}

/** Whether a folder's name is a locale tag as the portal writes them (de-DE, zh-Hans, ar). */
function isCanonicalLocaleTag(name: string): boolean {
  try {
    return Intl.getCanonicalLocales(name)[0] === name;
  } catch {
    return false;
  }
}

/** The differences between a translation's structure and the source's, one per part. */
function shapeDifferences(source: StaticPageContent, translation: StaticPageContent): string[] {
  const expected = staticPageShape(source);
  const actual = staticPageShape(translation);
  return [...new Set([...Object.keys(expected), ...Object.keys(actual)])]
    .filter((part) => expected[part] !== actual[part])
    .map((part) => `${part}: expected ${expected[part] ?? 'none'}, found ${actual[part] ?? 'none'}`);
}

/**
 * Every locale's words of the cookie notice, read and checked once at start-up: the en-US source
 * and one file per locale folder. A file that is not JSON, does not pass the schema, or does not
 * have the source's structure (the same sections, blocks, list items and table shape: a notice
 * must say as much in every language), a folder whose name is not a locale tag and a folder
 * without the file each stop the server with a message naming the file.
 */
export function readEmeaCookiesContent(contentDir: string): Map<string, StaticPageContent> {
  const sourceFile = path.join(contentDir, EMEA_COOKIES_FILE);
  const source = readContentFile(sourceFile);
  const pages = new Map([[SOURCE_LOCALE, source]]);
  const folders = readdirSync(contentDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const locale of folders) {
    const folder = path.join(contentDir, locale);
    if (!isCanonicalLocaleTag(locale) || locale === SOURCE_LOCALE) {
      throw new Error(
        `${folder} is not a locale's folder: name it by its locale tag as the portal writes it (de-DE, zh-Hans, ar); en-US is ${sourceFile} itself`,
      );
    }
    const file = path.join(folder, EMEA_COOKIES_FILE);
    if (!readdirSync(folder).includes(EMEA_COOKIES_FILE)) throw new Error(`${file} is missing`);
    const translation = readContentFile(file);
    const differences = shapeDifferences(source, translation);
    if (differences.length > 0) {
      throw new Error(`${file} does not have the structure of ${sourceFile}: ${differences.join('; ')}`);
    }
    pages.set(locale, translation);
  }
  return pages;
}
