import { createHash } from 'node:crypto';

/**
 * A stylesheet the rendered first screen carries in its <head> as a <style> element (issue 25):
 * the first paint waits for no request, and the strict CSP allows exactly this text by its hash.
 */
export interface InlineStylesheet {
  /** The file's href as the page would have linked it. */
  href: string;
  /** The text between <style> and </style>, exactly as hashed. */
  css: string;
  /** The CSP source that allows it: 'sha256-…'. */
  hash: string;
}

/**
 * The stylesheet as an inline element, or undefined when its text cannot be one and the page links
 * the file instead: a `</style` would end the element early (and let the rest be read as markup),
 * and a NUL the HTML parser would replace, so the text the browser hashes would no longer match.
 * Line ends are written as the parser reads them (CR LF and CR become LF), for the same reason.
 */
export function inlineStylesheet(href: string, text: string): InlineStylesheet | undefined {
  if (/<\/style/i.test(text) || text.includes('\0')) return undefined;
  const css = text.replace(/\r\n?/g, '\n');
  return { href, css, hash: `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'` };
}
