import * as v from 'valibot';

/**
 * The words of a static page the server renders itself (/emea-cookies): title, lead paragraphs,
 * headed sections of paragraphs, lists and tables, and a 'last updated' line. Plain text only: the
 * renderer escapes every character, so a file cannot smuggle markup (nor a script) into the page.
 */
const Text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));
const NonEmpty = <T extends v.GenericSchema>(item: T) =>
  v.pipe(v.array(item), v.minLength(1, 'must not be empty'));

const BlockSchema = v.variant('type', [
  v.strictObject({ type: v.literal('paragraph'), text: Text }),
  v.strictObject({ type: v.literal('list'), ordered: v.optional(v.boolean(), false), items: NonEmpty(Text) }),
  v.pipe(
    v.strictObject({
      type: v.literal('table'),
      caption: Text,
      columns: NonEmpty(Text),
      rows: NonEmpty(NonEmpty(Text)),
    }),
    v.check(
      (table) => table.rows.every((row) => row.length === table.columns.length),
      'every table row must have one cell per column',
    ),
  ),
]);
export type StaticPageBlock = v.InferOutput<typeof BlockSchema>;

export const StaticPageContentSchema = v.strictObject({
  title: Text,
  lead: v.optional(v.array(Text), []),
  sections: NonEmpty(v.strictObject({ heading: Text, blocks: NonEmpty(BlockSchema) })),
  updated: v.optional(Text),
});
export type StaticPageContent = v.InferOutput<typeof StaticPageContentSchema>;

function blockShape(block: StaticPageBlock): string {
  switch (block.type) {
    case 'paragraph':
      return 'paragraph';
    case 'list':
      return `${block.ordered ? 'ordered ' : ''}list of ${block.items.length} items`;
    case 'table':
      return `table of ${block.columns.length} columns and ${block.rows.length} rows`;
  }
}

/**
 * A page's structure without its words, part by part: how many lead paragraphs, each section's
 * blocks by kind (a list's items, a table's columns and rows), whether it has a 'last updated'
 * line. A translation has the source's structure: the same sections, in the same order, each
 * saying as much.
 */
export function staticPageShape(content: StaticPageContent): Record<string, string> {
  return {
    lead: `${content.lead.length} paragraphs`,
    ...Object.fromEntries(
      content.sections.map((section, index) => [
        `section ${index + 1}`,
        section.blocks.map(blockShape).join(', '),
      ]),
    ),
    'last updated line': content.updated === undefined ? 'none' : 'one',
  };
}
