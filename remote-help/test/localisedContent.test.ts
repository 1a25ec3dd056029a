import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import helpClients from '../content/help.clients.json';
import { HelpContentSchema } from '../src/content/schema';

const contentDir = path.resolve(import.meta.dirname, '../content');
const locales = readdirSync(contentDir).filter((name) => statSync(path.join(contentDir, name)).isDirectory());

describe("the help page's wording in other locales (content/<locale>/help.json)", () => {
  it('exists for the right-to-left locales at least', () => {
    expect(locales).toEqual(expect.arrayContaining(['ar', 'he']));
  });

  it.each(locales)('%s: both audiences, in the shape of the en-US wording, every section kept', (locale) => {
    const raw: unknown = JSON.parse(readFileSync(path.join(contentDir, locale, 'help.json'), 'utf8'));
    const content = v.parse(v.object({ clients: HelpContentSchema, employees: HelpContentSchema }), raw);
    const source = v.parse(HelpContentSchema, helpClients);
    for (const audience of [content.clients, content.employees]) {
      expect(audience.sections.map((section) => section.blocks.length)).toEqual(
        source.sections.map((section) => section.blocks.length),
      );
      expect(audience.contact.heading).not.toBe(source.contact.heading);
    }
  });
});
