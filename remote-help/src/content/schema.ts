import * as v from 'valibot';

/**
 * The shape of the business-editable texts in `remote-help/content/*.json`. Every file is parsed
 * with one of these schemas when its module is imported, so a malformed file fails the unit tests
 * (and the build that runs them) instead of reaching a user. Texts are plain text: no markup.
 */
const Text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));
const NonEmpty = <T extends v.GenericSchema>(item: T) =>
  v.pipe(v.array(item), v.minLength(1, 'must not be empty'));

const ParagraphBlock = v.strictObject({ type: v.literal('paragraph'), text: Text });

const ListBlock = v.strictObject({
  type: v.literal('list'),
  ordered: v.optional(v.boolean(), false),
  items: NonEmpty(Text),
});

/** A small data table; the first cell of each row names the row. */
const TableBlock = v.pipe(
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
);

export const ContentBlockSchema = v.variant('type', [ParagraphBlock, ListBlock, TableBlock]);
export type ContentBlock = v.InferOutput<typeof ContentBlockSchema>;

export const ContentSectionSchema = v.strictObject({
  heading: Text,
  blocks: NonEmpty(ContentBlockSchema),
});
export type ContentSection = v.InferOutput<typeof ContentSectionSchema>;

/** An information or policy page: optional lead paragraphs, then headed sections. */
export const PageContentSchema = v.strictObject({
  lead: v.optional(v.array(Text), []),
  sections: NonEmpty(ContentSectionSchema),
  /** Shown at the end, e.g. 'Last updated November 1, 2026'. */
  updated: v.optional(Text),
});
export type PageContent = v.InferOutput<typeof PageContentSchema>;

/**
 * The Login Assistance page for one audience. Hours, regions, labels of the troubleshoot lines and
 * the copy button are spec strings (shared catalogue); phone numbers and the support e-mail come
 * from the portal configuration. This file holds the rest of the page's wording.
 */
export const HelpContentSchema = v.strictObject({
  lead: v.optional(v.array(Text), []),
  contact: v.strictObject({
    heading: Text,
    phonesCaption: Text,
    regionColumn: Text,
    numberColumn: Text,
    /** Shown in place of a number the configuration does not give. */
    numberUnavailable: Text,
  }),
  unlock: v.strictObject({
    heading: Text,
    /** Followed by the configured support e-mail address as a mailto link. */
    text: Text,
  }),
  troubleshoot: v.strictObject({
    heading: Text,
    text: Text,
    /** Shown when the browser refuses the clipboard. */
    copyFailed: Text,
  }),
  sections: v.optional(v.array(ContentSectionSchema), []),
});
export type HelpContent = v.InferOutput<typeof HelpContentSchema>;

/** Parses one content file; the error names the file and every problem with its path. */
export function parseContent<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
  file: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success) {
    throw new Error(`remote-help content file ${file} is invalid:\n${v.summarize(result.issues)}`);
  }
  return result.output;
}
