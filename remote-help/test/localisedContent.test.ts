import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@portal/shared/words';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import helpClients from '../content/help.clients.json';
import {
  type ContentBlock,
  HelpContentSchema,
  type PageContent,
  PageContentSchema,
} from '../src/content/schema';

const contentDir = path.resolve(import.meta.dirname, '../content');
const locales = readdirSync(contentDir).filter((name) => statSync(path.join(contentDir, name)).isDirectory());
const readJson = (...parts: string[]): unknown =>
  JSON.parse(readFileSync(path.join(contentDir, ...parts), 'utf8'));

/** The locales that must have their own wording: every one but the source and en-GB (which reuses it). */
const TRANSLATED = LOCALES.map((locale) => locale.tag).filter((tag) => !tag.startsWith('en-'));

describe('the content folders', () => {
  it('are the portal’s locales, each but en-US and en-GB translated', () => {
    expect([...locales].sort()).toEqual([...TRANSLATED].sort());
  });
});

describe("the help page's wording in other locales (content/<locale>/help.json)", () => {
  it.each(locales)('%s: both audiences, in the shape of the en-US wording, every section kept', (locale) => {
    const content = v.parse(
      v.object({ clients: HelpContentSchema, employees: HelpContentSchema }),
      readJson(locale, 'help.json'),
    );
    const source = v.parse(HelpContentSchema, helpClients);
    for (const audience of [content.clients, content.employees]) {
      expect(audience.sections.map((section) => section.blocks.length)).toEqual(
        source.sections.map((section) => section.blocks.length),
      );
      expect(audience.contact.heading).not.toBe(source.contact.heading);
    }
  });
});

/** A page's structure: each section's blocks by type, a list's item count, a table's columns and rows. */
function shapeOf(page: PageContent) {
  const block = (b: ContentBlock) =>
    b.type === 'paragraph'
      ? 'paragraph'
      : b.type === 'list'
        ? `list of ${b.items.length}${b.ordered ? ' (ordered)' : ''}`
        : `table of ${b.columns.length} columns × ${b.rows.length} rows`;
  return {
    lead: page.lead.length,
    sections: page.sections.map((section) => section.blocks.map(block)),
    updated: page.updated !== undefined,
  };
}

/** Every text a page shows: headings, paragraphs, items, captions, cells, the 'last updated' line. */
function textsOf(page: PageContent): string[] {
  return [
    ...page.lead,
    ...page.sections.flatMap((section) => [
      section.heading,
      ...section.blocks.flatMap((b) =>
        b.type === 'paragraph'
          ? [b.text]
          : b.type === 'list'
            ? b.items
            : [b.caption, ...b.columns, ...b.rows.flat()],
      ),
    ]),
    ...(page.updated === undefined ? [] : [page.updated]),
  ];
}

const PAGES = ['about.json', 'cookies.json', 'sms-terms.json'] as const;

describe.each(PAGES)('the %s page in other locales (content/<locale>/…)', (file) => {
  const source = v.parse(PageContentSchema, readJson(file));

  it.each(locales)(
    '%s: valid, the same sections, blocks, list items and table shape, translated',
    (locale) => {
      const result = v.safeParse(PageContentSchema, readJson(locale, file));
      expect(result.success ? [] : v.flatten(result.issues)).toEqual([]);
      if (!result.success) return;
      expect(shapeOf(result.output)).toEqual(shapeOf(source));
      // Every heading translated, and no sentence left in English (names such as 'STOP' and
      // 'tdi-' may stay as they are: a sentence is several words).
      const english = new Set(textsOf(source).filter((text) => text.split(' ').length > 3));
      expect(textsOf(result.output).filter((text) => english.has(text))).toEqual([]);
      const headings = new Set(source.sections.map((section) => section.heading));
      expect(result.output.sections.filter((section) => headings.has(section.heading))).toEqual([]);
    },
  );
});
