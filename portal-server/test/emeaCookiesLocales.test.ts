import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import {
  type StaticPageContent,
  StaticPageContentSchema,
  staticPageShape,
} from '../src/static/staticPageContent.js';
import { createFixtureDirs, type FixtureDirs, packageDir, testConfig } from './helpers/fixtures.js';

// /emea-cookies in the user's language (issue 26): one content file per locale, the locale
// negotiated as an app page's, `<html lang dir>` and the caching headers to match.

const contentDir = path.join(packageDir, 'content');
const FILE = 'emea-cookies.json';
const fileOf = (locale: string) =>
  locale === 'en-US' ? path.join(contentDir, FILE) : path.join(contentDir, locale, FILE);
const wordsOf = (locale: string): StaticPageContent =>
  v.parse(StaticPageContentSchema, JSON.parse(readFileSync(fileOf(locale), 'utf8')));

/** The portal's locales, as the kernel lists them (`LOCALES` in shared/src/i18n/locales.ts). */
function portalLocales(): { tag: string; dir: string }[] {
  const source = readFileSync(path.join(packageDir, '..', 'shared', 'src', 'i18n', 'locales.ts'), 'utf8');
  const list = /export const LOCALES = \[([\s\S]*?)\] as const;/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/tag: '([^']+)'.*dir: '(ltr|rtl)'/g)].map(([, tag = '', dir = '']) => ({
    tag,
    dir,
  }));
}
const LOCALES = portalLocales();
const RIGHT_TO_LEFT = LOCALES.filter((locale) => locale.dir === 'rtl').map((locale) => locale.tag);

/** The text a page shows for some words, as the server escapes it. */
const escaped = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('"', '&quot;');

const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0];

/** The names a Vary header lists, lower case. */
const varyOf = (header: unknown) =>
  String(header)
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe('/emea-cookies in the user’s language', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;
  const get = (headers: Record<string, string> = {}, url = '/emea-cookies') =>
    app.inject({ url, headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    dirs = createFixtureDirs();
    app = await buildServer(testConfig(dirs, { embedOrigins: ['https://www.example.eu'] }), {
      logStream: { write: () => {} },
    });
  });

  afterAll(async () => {
    await app.close();
    dirs.cleanup();
  });

  it('Accept-Language de-DE: the German notice, lang="de-DE"', async () => {
    const german = wordsOf('de-DE');
    const response = await get({ 'accept-language': 'de-DE' });
    expect(response.statusCode).toBe(200);
    expect(htmlTag(response.body)).toBe('<html lang="de-DE" dir="ltr">');
    expect(response.headers['content-language']).toBe('de-DE');
    expect(response.body).toContain(`<title>Cookie-Hinweis</title>`);
    expect(response.body).toContain(`<h1 id="page-title">${german.title}</h1>`);
    expect(response.body).toContain('>Unbedingt erforderliche Cookies</caption>');
    expect(response.body).not.toContain(wordsOf('en-US').title);
  });

  it.each(RIGHT_TO_LEFT)('%s: right to left, dir="rtl", in its own words', async (locale) => {
    const response = await get({ 'accept-language': locale });
    expect(htmlTag(response.body)).toBe(`<html lang="${locale}" dir="rtl">`);
    expect(response.body).toContain(`<h1 id="page-title">${escaped(wordsOf(locale).title)}</h1>`);
  });

  it.each(LOCALES.map((locale) => locale.tag))(
    '%s: every word of its file, escaped as text, in its language and direction',
    async (locale) => {
      const words = wordsOf(locale);
      const { body } = await get({ 'accept-language': locale });
      const dir = RIGHT_TO_LEFT.includes(locale) ? 'rtl' : 'ltr';
      expect(htmlTag(body)).toBe(`<html lang="${locale}" dir="${dir}">`);
      expect(body).toContain(`<title>${escaped(words.title)}</title>`);
      for (const paragraph of words.lead) expect(body).toContain(`<p>${escaped(paragraph)}</p>`);
      for (const section of words.sections) {
        expect(body).toContain(`>${escaped(section.heading)}</h2>`);
        for (const block of section.blocks) {
          if (block.type === 'paragraph') expect(body).toContain(`<p>${escaped(block.text)}</p>`);
          if (block.type === 'table') {
            expect(body).toContain(`>${escaped(block.caption)}</caption>`);
            for (const cell of [...block.columns, ...block.rows.flat()])
              expect(body).toContain(`>${escaped(cell)}</`);
          }
        }
      }
      expect(body).toContain(`<p class="updated">${escaped(words.updated ?? '')}</p>`);
    },
  );

  it.each([
    ['de-AT, en;q=0.5', 'de-DE'],
    ['es-AR', 'es-MX'],
    ['es', 'es-ES'],
    ['en-AU', 'en-GB'],
    ['zh-TW', 'zh-Hant'],
    ['zh-CN', 'zh-Hans'],
    ['fr-CA', 'fr-CA'],
    ['fr-BE', 'fr-FR'],
    ['ar-EG', 'ar'],
    ['iw', 'he'],
    ['nl-NL, de;q=0.8', 'de-DE'],
    ['de;q=0.5, ja', 'ja-JP'],
    // The pseudo-locales have no file: answered as any other region of their language.
    ['en-XA', 'en-US'],
    ['ar-XB', 'ar'],
  ])('Accept-Language %s is answered in %s', async (acceptLanguage, locale) => {
    const response = await get({ 'accept-language': acceptLanguage });
    expect(response.headers['content-language']).toBe(locale);
    expect(response.body).toContain(`<html lang="${locale}"`);
  });

  it('the saved choice (the language picker’s cookie) wins over Accept-Language', async () => {
    const saved = await get({ 'accept-language': 'de-DE', cookie: 'theme=dark; portal-locale=ja-JP' });
    expect(htmlTag(saved.body)).toBe('<html lang="ja-JP" dir="ltr">');
    expect(saved.body).toContain(`<h1 id="page-title">${wordsOf('ja-JP').title}</h1>`);
    const secure = await get({ 'accept-language': 'de-DE', cookie: '__Host-portal-locale=he' });
    expect(htmlTag(secure.body)).toBe('<html lang="he" dir="rtl">');
  });

  it('a saved choice that is no locale of the page, or a pseudo-locale, leaves Accept-Language to decide', async () => {
    for (const cookie of ['portal-locale=xx-YY', 'portal-locale=en-XA', 'portal-locale=%E0%A4%A']) {
      const response = await get({ 'accept-language': 'it-IT', cookie });
      expect(response.headers['content-language'], cookie).toBe('it-IT');
    }
  });

  it('an unknown language, or none, gives the en-US notice', async () => {
    const none = await get();
    expect(htmlTag(none.body)).toBe('<html lang="en-US" dir="ltr">');
    expect(none.body).toContain(`<h1 id="page-title">${wordsOf('en-US').title}</h1>`);
    for (const acceptLanguage of ['nl-NL', 'tlh', '*', 'de;q=0', 'not a language tag, ;;q=x']) {
      const response = await get({ 'accept-language': acceptLanguage });
      expect(response.body, acceptLanguage).toBe(none.body);
      expect(response.headers['content-language']).toBe('en-US');
    }
  });

  it('nothing of the request reaches the page: it is one of the pages rendered at start', async () => {
    const german = await get({ 'accept-language': 'de-DE' });
    const hostile = await get({
      'accept-language': 'de-DE"><script>alert(1)</script>',
      cookie: 'portal-locale="><script>alert(1)</script>',
    });
    expect(hostile.body).not.toContain('alert');
    expect([german.body, (await get()).body]).toContain(hostile.body);
  });

  it.each(['/emea-cookies', '/emea-cookies/'])(
    '%s varies by Accept-Language and Cookie, and is revalidated before a cache reuses it',
    async (url) => {
      const variants: Record<string, string>[] = [
        {},
        { 'accept-language': 'ar' },
        { cookie: 'portal-locale=fr-FR' },
      ];
      for (const headers of variants) {
        const response = await get(headers, url);
        expect(varyOf(response.headers.vary)).toEqual(expect.arrayContaining(['accept-language', 'cookie']));
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      }
    },
  );

  it('every language is served with the same strict policy and headers as en-US', async () => {
    const english = await get();
    const policyHeaders = [
      'content-security-policy',
      'cross-origin-resource-policy',
      'cross-origin-opener-policy',
      'referrer-policy',
      'x-content-type-options',
      'strict-transport-security',
      'permissions-policy',
    ];
    expect(english.headers['content-security-policy']).toContain("script-src 'none'");
    for (const locale of ['de-DE', 'ar', 'he', 'zh-Hant']) {
      const response = await get({ 'accept-language': locale });
      for (const name of policyHeaders) expect(response.headers[name], name).toBe(english.headers[name]);
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    }
  });

  it('its stylesheet uses logical properties only, so a right-to-left page mirrors', async () => {
    const { body } = await get({}, '/emea-cookies.css');
    const rules = body.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(rules).toContain('padding-inline-start');
    // No left or right (padding-left, text-align: left, float: right…) …
    expect(rules).not.toMatch(/\b(left|right)\b/);
    // … and no shorthand giving the four sides different values (margin: 0 1rem 0 2rem).
    expect(rules).not.toMatch(/\b(margin|padding|inset|border-width)\s*:\s*[^;\s]+\s+[^;\s]/);
  });
});

describe('the content files: one per locale, each the shape of the source', () => {
  const source = wordsOf('en-US');
  const translations = LOCALES.map((locale) => locale.tag).filter((tag) => tag !== 'en-US');

  it('there is a folder with the notice for each of the portal’s locales but the source, and no other', () => {
    expect(LOCALES.length).toBeGreaterThanOrEqual(15);
    const folders = readdirSync(contentDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...translations].sort());
    for (const locale of folders) expect(readdirSync(path.join(contentDir, locale))).toContain(FILE);
  });

  /** The cookie's name that begins a row (`tdi-`), without the isolate marks around it. */
  const cookieName = (cell: string) => cell.replace(/[\u2066\u2069]/g, '').split(' ')[0];
  const rowNames = (content: StaticPageContent) =>
    content.sections.flatMap((section) =>
      section.blocks.flatMap((block) =>
        block.type === 'table' ? block.rows.map((row) => row[0] ?? '') : [],
      ),
    );

  it.each(translations)(
    '%s: the same sections, blocks, list items and table shape; the cookie names as they are; translated',
    (locale) => {
      const words = wordsOf(locale);
      expect(staticPageShape(words)).toEqual(staticPageShape(source));
      expect(rowNames(words).map(cookieName)).toEqual(rowNames(source).map(cookieName));
      if (RIGHT_TO_LEFT.includes(locale)) {
        // In a right-to-left sentence a name is a left-to-right isolate: 'tdi-' keeps its hyphen last.
        for (const name of rowNames(words)) expect(name).toMatch(/^\u2066[a-z]+-\u2069 /);
      }
      if (!locale.startsWith('en-')) {
        const english = new Set([source.title, ...source.sections.map((section) => section.heading)]);
        expect(
          [words.title, ...words.sections.map((section) => section.heading)].filter((text) =>
            english.has(text),
          ),
        ).toEqual([]);
        expect(words.lead).not.toEqual(source.lead);
      }
      expect(words.updated).toContain('2026');
    },
  );
});

describe('a malformed content file stops the server at start, naming the file', () => {
  let dirs: FixtureDirs;
  let scratch: string;

  beforeAll(() => {
    dirs = createFixtureDirs();
    scratch = mkdtempSync(path.join(tmpdir(), 'portal-server-content-'));
  });

  afterAll(() => {
    dirs.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A copy of content/ with one change, and the start of a server that reads it. */
  function startWith(change: (copy: string) => void): Promise<FastifyInstance> {
    const copy = mkdtempSync(path.join(scratch, 'content-'));
    cpSync(contentDir, copy, { recursive: true });
    change(copy);
    return buildServer(testConfig(dirs), { contentDir: copy, logStream: { write: () => {} } });
  }
  const germanFile = (copy: string) => path.join(copy, 'de-DE', FILE);
  const editGerman = (edit: (page: Record<string, unknown>) => unknown) => (copy: string) =>
    writeFileSync(
      germanFile(copy),
      JSON.stringify(edit(JSON.parse(readFileSync(germanFile(copy), 'utf8')) as Record<string, unknown>)),
    );

  it('a copy of the files as they are starts (the check below is about the change alone)', async () => {
    const app = await startWith(() => {});
    const response = await app.inject({ url: '/emea-cookies', headers: { 'accept-language': 'de' } });
    expect(response.headers['content-language']).toBe('de-DE');
    await app.close();
  });

  it.each<[string, (copy: string) => void, RegExp]>([
    [
      'not JSON',
      (copy) => writeFileSync(germanFile(copy), '{"title": "Cookie-Hinweis",'),
      /de-DE\/emea-cookies\.json cannot be read as JSON/,
    ],
    [
      'an empty title',
      editGerman((page) => ({ ...page, title: ' ' })),
      /de-DE\/emea-cookies\.json is invalid: title: must not be empty/,
    ],
    [
      'markup smuggled in as a field',
      editGerman((page) => ({ ...page, html: '<script>alert(1)</script>' })),
      /de-DE\/emea-cookies\.json is invalid: .*html/,
    ],
    [
      'a section left out',
      editGerman((page) => ({ ...page, sections: (page.sections as unknown[]).slice(0, 1) })),
      /de-DE\/emea-cookies\.json does not have the structure of .*emea-cookies\.json: section 2: expected paragraph, found none/,
    ],
    [
      'a table row left out',
      editGerman((page) => {
        const [table] = page.sections as { blocks: { rows: unknown[] }[] }[];
        table?.blocks[0]?.rows.pop();
        return page;
      }),
      /de-DE\/emea-cookies\.json does not have the structure.*section 1: expected table of 3 columns and 2 rows, found table of 3 columns and 1 rows/,
    ],
    ['a folder without the file', (copy) => rmSync(germanFile(copy)), /de-DE\/emea-cookies\.json is missing/],
    [
      'a folder that is not named by a locale tag as the portal writes it',
      (copy) => mkdirSync(path.join(copy, 'de_AT')),
      /de_AT is not a locale's folder/,
    ],
    [
      'a broken source file',
      (copy) => writeFileSync(path.join(copy, FILE), '{"title": "Cookie Notice", "sections": []}'),
      /content-[^/]+\/emea-cookies\.json is invalid: sections: must not be empty/,
    ],
  ])('%s', async (_name, change, message) => {
    const start = startWith(change);
    await expect(start).rejects.toThrow(message);
  });
});
