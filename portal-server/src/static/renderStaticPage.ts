import { escapeAttribute } from '../firstLoad/htmlEscape.js';
import type { StaticPageBlock, StaticPageContent } from './staticPageContent.js';

/** What the page is written in: `<html lang dir>`. */
export interface StaticPageLanguage {
  lang: string;
  dir: 'ltr' | 'rtl';
}

const text = escapeAttribute;

function renderBlock(block: StaticPageBlock, index: string): string {
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

/**
 * The whole page: no script element, no inline style, no event handler attribute. Every word is
 * escaped; `lang` and `dir` are the server's own values (a content folder's locale), never a
 * request's.
 */
export function renderStaticPage(
  content: StaticPageContent,
  stylesheet: string,
  language: StaticPageLanguage,
): string {
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
  return `<!doctype html><html lang="${text(language.lang)}" dir="${language.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text(content.title)}</title><link rel="stylesheet" href="${stylesheet}"></head><body><main aria-labelledby="page-title"><h1 id="page-title">${text(content.title)}</h1>${lead}${sections}${updated}</main></body></html>`;
}
