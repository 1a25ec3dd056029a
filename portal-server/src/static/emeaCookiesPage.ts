import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';
import { escapeAttribute } from '../firstLoad/htmlEscape.js';

/**
 * /emea-cookies: the cookie notice the Company's EMEA sites frame (EMBED_ORIGINS). A static page
 * the server renders once from content/emea-cookies.json (its words live here and nowhere else),
 * with its stylesheet and not a single script: a framed page that runs no code cannot be turned
 * against the site that frames it. Its CSP (security/securityHeaders) allows no script at all.
 */
export const EMEA_COOKIES_PATH = '/emea-cookies';
export const EMEA_COOKIES_STYLESHEET = '/emea-cookies.css';

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
type Block = v.InferOutput<typeof BlockSchema>;

/** The page's words: title, lead paragraphs, headed sections, 'last updated' line. Plain text only. */
export const StaticPageContentSchema = v.strictObject({
  title: Text,
  lead: v.optional(v.array(Text), []),
  sections: NonEmpty(v.strictObject({ heading: Text, blocks: NonEmpty(BlockSchema) })),
  updated: v.optional(Text),
});
export type StaticPageContent = v.InferOutput<typeof StaticPageContentSchema>;

const text = escapeAttribute;

function renderBlock(block: Block, index: string): string {
  switch (block.type) {
    case 'paragraph':
      return `<p>${text(block.text)}</p>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${text(item)}</li>`).join('')}</${tag}>`;
    }
    case 'table': {
      const captionId = `table-${index}`;
      const head = block.columns.map((column) => `<th scope="col">${text(column)}</th>`).join('');
      const rows = block.rows
        .map(
          ([name = '', ...cells]) =>
            `<tr><th scope="row">${text(name)}</th>${cells.map((cell) => `<td>${text(cell)}</td>`).join('')}</tr>`,
        )
        .join('');
      // A table in its own scroll box (WCAG 1.4.10), reachable by keyboard and named by its caption.
      return `<section class="table-scroll" aria-labelledby="${captionId}" tabindex="0"><table><caption id="${captionId}">${text(block.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></section>`;
    }
  }
}

/** The whole page: no script element, no inline style, no event handler attribute. */
export function renderStaticPage(content: StaticPageContent, stylesheet: string): string {
  const sections = content.sections
    .map(
      (section, s) =>
        `<section aria-labelledby="section-${s}"><h2 id="section-${s}">${text(section.heading)}</h2>${section.blocks
          .map((block, b) => renderBlock(block, `${s}-${b}`))
          .join('')}</section>`,
    )
    .join('');
  const lead = content.lead.map((paragraph) => `<p>${text(paragraph)}</p>`).join('');
  const updated = content.updated ? `<p class="updated">${text(content.updated)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text(content.title)}</title><link rel="stylesheet" href="${stylesheet}"></head><body><main aria-labelledby="page-title"><h1 id="page-title">${text(content.title)}</h1>${lead}${sections}${updated}</main></body></html>`;
}

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'content');

/** Reads and checks the page's words; a malformed file stops the server at start-up. */
export function readStaticPageContent(file = path.join(contentDir, 'emea-cookies.json')): StaticPageContent {
  const parsed = v.safeParse(StaticPageContentSchema, JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is invalid: ${describeIssues(parsed.issues)}`);
  return parsed.output;
}

/** GET /emea-cookies (and with a trailing slash) and its stylesheet. */
export function registerEmeaCookiesPage(app: FastifyInstance): void {
  const html = renderStaticPage(readStaticPageContent(), EMEA_COOKIES_STYLESHEET);
  const css = readFileSync(path.join(contentDir, 'emea-cookies.css'), 'utf8');
  for (const route of [EMEA_COOKIES_PATH, `${EMEA_COOKIES_PATH}/`]) {
    app.get(route, (_request, reply) =>
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
    );
  }
  app.get(EMEA_COOKIES_STYLESHEET, (_request, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'no-cache').send(css),
  );
}
