import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { aboutContent } from '../src/about/aboutContent';
import { HelpContentSchema, PageContentSchema, parseContent } from '../src/content/schema';
import { cookiesContent } from '../src/cookies/cookiesContent';
import { helpContentFor } from '../src/help/helpContent';
import { smsTermsContent } from '../src/smsTerms/smsTermsContent';

const contentDir = path.resolve(import.meta.dirname, '../content');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(contentDir, file), 'utf8'));

/** Every content file and the schema its page parses it with. */
const schemaOf: Record<string, v.GenericSchema> = {
  'help.clients.json': HelpContentSchema,
  'help.employees.json': HelpContentSchema,
  'cookies.json': PageContentSchema,
  'about.json': PageContentSchema,
  'sms-terms.json': PageContentSchema,
};

describe('content files', () => {
  it('every file in content/ has a schema (a new page file cannot slip in unvalidated)', () => {
    // The folders are the wording in other locales (localisedContent.test.ts checks them).
    const files = readdirSync(contentDir).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(Object.keys(schemaOf).sort());
  });

  it.each(Object.entries(schemaOf))('%s is valid', (file, schema) => {
    const result = v.safeParse(schema, readJson(file));
    expect(result.success ? [] : v.flatten(result.issues)).toEqual([]);
  });

  it('the pages load their files when imported', () => {
    expect(helpContentFor('clients').contact.heading).toBe('Contact the Client Service Center');
    expect(helpContentFor('employees').contact.heading).toBe('Contact the Service Desk');
    for (const content of [cookiesContent(), aboutContent(), smsTermsContent()]) {
      expect(content.sections.length).toBeGreaterThan(0);
    }
  });
});

describe('content schemas reject malformed files', () => {
  const valid = () => structuredClone(readJson('cookies.json')) as Record<string, unknown>;

  const malformed: [string, (page: Record<string, unknown>) => unknown][] = [
    ['not an object', () => 'Cookie Notice'],
    ['no sections', ({ sections: _, ...rest }) => rest],
    ['empty sections', (page) => ({ ...page, sections: [] })],
    ['a misspelt key', (page) => ({ ...page, sectons: page.sections })],
    [
      'a section without heading',
      (page) => ({ ...page, sections: [{ blocks: [{ type: 'paragraph', text: 'x' }] }] }),
    ],
    [
      'a blank heading',
      (page) => ({ ...page, sections: [{ heading: '  ', blocks: [{ type: 'paragraph', text: 'x' }] }] }),
    ],
    [
      'an unknown block type',
      (page) => ({ ...page, sections: [{ heading: 'H', blocks: [{ type: 'html', text: '<b>x</b>' }] }] }),
    ],
    [
      'markup smuggled as a field',
      (page) => ({
        ...page,
        sections: [{ heading: 'H', blocks: [{ type: 'paragraph', text: 'x', html: '<b>x</b>' }] }],
      }),
    ],
    [
      'an empty list',
      (page) => ({ ...page, sections: [{ heading: 'H', blocks: [{ type: 'list', items: [] }] }] }),
    ],
    ['a number instead of text', (page) => ({ ...page, lead: [42] })],
    [
      'a table row with a missing cell',
      (page) => ({
        ...page,
        sections: [
          { heading: 'H', blocks: [{ type: 'table', caption: 'C', columns: ['A', 'B'], rows: [['a1']] }] },
        ],
      }),
    ],
    [
      'a table without caption',
      (page) => ({
        ...page,
        sections: [{ heading: 'H', blocks: [{ type: 'table', columns: ['A'], rows: [['a']] }] }],
      }),
    ],
  ];

  it.each(malformed)('a page file with %s', (_name, breakIt) => {
    expect(v.safeParse(PageContentSchema, breakIt(valid())).success).toBe(false);
  });

  it('a help file without the troubleshoot texts, or with phone numbers in it', () => {
    const help = readJson('help.clients.json') as Record<string, unknown>;
    const { troubleshoot: _, ...withoutTroubleshoot } = help;
    expect(v.safeParse(HelpContentSchema, withoutTroubleshoot).success).toBe(false);
    // Numbers belong to the portal configuration, not to content.
    expect(v.safeParse(HelpContentSchema, { ...help, phones: [{ region: 'US', number: '1' }] }).success).toBe(
      false,
    );
  });

  it('parseContent fails loudly, naming the file and the problem', () => {
    expect(() => parseContent(PageContentSchema, { sections: [] }, 'broken.json')).toThrow(
      /content file broken\.json is invalid:[\s\S]*sections/,
    );
  });
});
