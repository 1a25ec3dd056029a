import { readFileSync, statSync } from 'node:fs';
import { SaxesParser } from 'saxes';

/** A logo is a mark for a 32 px square: anything near this size is not one (or hides something). */
export const LOGO_MAX_BYTES = 64 * 1024;

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** A reference inside the document (`#id`, `url(#id)`): the only kind a logo may make. */
const EXTERNAL_URL = /url\(\s*(['"]?)\s*(?!#)[^)]/i;

/**
 * The logo's bytes, read once at start, after checking it is a small SVG document (root element
 * <svg> in the SVG namespace, well-formed XML) that holds no script and loads nothing: no <script>,
 * no event-handler attribute, no <foreignObject>, no DOCTYPE (entities), no processing instruction
 * (an external stylesheet), no link or url() outside the document. A browser runs no script of an
 * SVG shown by <img>; these keep it inert when opened on its own too, besides the policy it is
 * served with (themeRoutes.ts). The message says what is wrong.
 */
export function readLogo(file: string): Buffer {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new Error(
      `cannot read the logo ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (size > LOGO_MAX_BYTES) throw new Error(`the logo ${file} is ${size} bytes, at most ${LOGO_MAX_BYTES}`);
  const bytes = readFileSync(file);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`the logo ${file} is not an SVG document (not UTF-8 text)`);
  }
  const problem = svgProblem(text);
  if (problem) throw new Error(`the logo ${file} ${problem}`);
  return bytes;
}

/** What makes the text not a safe SVG logo, or undefined. */
export function svgProblem(text: string): string | undefined {
  const problems: string[] = [];
  const parser = new SaxesParser({ xmlns: true, position: false });
  let root: { local: string; uri: string } | undefined;
  let inStyle = 0;
  parser.on('doctype', () => problems.push('has a DOCTYPE (no DTD or entities in a logo)'));
  parser.on('processinginstruction', (pi) => problems.push(`has a processing instruction <?${pi.target}?>`));
  parser.on('opentag', (tag) => {
    root ??= { local: tag.local, uri: tag.uri };
    const name = tag.local;
    if (name === 'script') problems.push('holds a <script> (a logo may hold no script)');
    if (name === 'foreignObject') problems.push('holds a <foreignObject> (HTML inside a logo)');
    if (name === 'style') inStyle += 1;
    for (const attribute of Object.values(tag.attributes)) {
      const value = attribute.value;
      if (/^on/i.test(attribute.local))
        problems.push(`has an event handler attribute ${attribute.name} (a logo may hold no script)`);
      else if (attribute.local === 'href' && !value.trim().startsWith('#'))
        problems.push(`links outside itself (${attribute.name}="${value.slice(0, 40)}")`);
      else if (EXTERNAL_URL.test(value)) problems.push(`loads a url() outside itself (${attribute.name})`);
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.local === 'style') inStyle -= 1;
  });
  const styleText = (content: string) => {
    if (inStyle > 0 && (EXTERNAL_URL.test(content) || /@import/i.test(content)))
      problems.push('has a <style> that loads something outside itself (@import or url())');
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  try {
    parser.write(text).close();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return `is not an SVG document (not well-formed XML: ${reason})`;
  }
  if (!root) return 'is not an SVG document (no root element)';
  if (root.local !== 'svg') return `is not an SVG document (its root element is <${root.local}>, not <svg>)`;
  if (root.uri !== SVG_NAMESPACE)
    return `is not an SVG document (its <svg> is outside the SVG namespace; add xmlns="${SVG_NAMESPACE}")`;
  return problems.length > 0 ? [...new Set(problems)].join('; ') : undefined;
}
