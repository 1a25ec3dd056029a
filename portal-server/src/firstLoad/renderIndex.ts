import { escapeAttribute, jsonForScript } from './htmlEscape.js';
import type { InlineStylesheet } from './inlineStylesheet.js';
import type { FirstLoadPlan, Preload } from './plan.js';
import { isSafeHref } from './urls.js';

/** The id the host looks for at start. */
export const BOOTSTRAP_ELEMENT_ID = 'portal-bootstrap';

/** index.html cut once, when read, where the plan goes: per request only strings are joined. */
export interface IndexTemplate {
  html: string;
  /** Everything before the insertion point, and from it on; undefined when there is no <head> to use. */
  split: { before: string; after: string } | undefined;
}

/**
 * The plan goes into <head> right before the first script there (the host's `<script defer
 * src="/main….js">`), so the preloads start before main.js is even requested; with no script in
 * <head>, right before </head>.
 */
export function splitTemplate(html: string): IndexTemplate {
  const lower = html.toLowerCase();
  const headEnd = lower.indexOf('</head>');
  if (headEnd < 0) return { html, split: undefined };
  const firstScript = lower.indexOf('<script', lower.indexOf('<head'));
  const at = firstScript >= 0 && firstScript < headEnd ? firstScript : headEnd;
  return { html, split: { before: html.slice(0, at), after: html.slice(at) } };
}

function preloadTag(preload: Preload): string {
  if (preload.apply && preload.inline && isSafeHref(preload.inline.runtimeHref))
    return inlineTags(preload, preload.inline);
  const crossOrigin = preload.crossOrigin ? ' crossorigin="anonymous"' : '';
  const integrity = preload.integrity ? ` integrity="${escapeAttribute(preload.integrity)}"` : '';
  if (preload.apply)
    return `<link rel="stylesheet" href="${escapeAttribute(preload.href)}"${crossOrigin}${integrity}>`;
  return `<link rel="preload" as="${preload.as}" href="${escapeAttribute(preload.href)}"${crossOrigin}${integrity}>`;
}

/**
 * A stylesheet the page carries: its text in a <style> (allowed by its hash in the page's CSP), and
 * a disabled <link> naming the file, which the browser never fetches or applies. The federation
 * runtime that loads the screen looks for a stylesheet <link> with the file's URL before it adds
 * one and waits for it; finding this one, it counts the file as applied and adds nothing.
 */
function inlineTags(preload: Preload, inline: NonNullable<Preload['inline']>): string {
  return `<style data-href="${escapeAttribute(preload.href)}">${inline.css}</style><link rel="stylesheet" href="${escapeAttribute(inline.runtimeHref)}" disabled>`;
}

/**
 * On a rendered first screen: no paint until all of it is parsed (`<link rel="expect"
 * blocking="render">`, which browsers without it ignore). A phone parses a large page in several
 * slices and may paint between them; the footer, pinned to the bottom of the window and last in
 * the page, then grew upwards line by line as its markup arrived, a layout shift of about 0.02 on
 * a throttled load. A browser lets rendering go once the expected element is in the page, so the
 * element expected is an empty one after the first screen's last, not #root (at its start).
 */
const FIRST_SCREEN_END_ID = 'portal-first-screen-end';
const WHOLE_FIRST_SCREEN = `<link rel="expect" href="#${FIRST_SCREEN_END_ID}" blocking="render">`;
const FIRST_SCREEN_END = `<span id="${FIRST_SCREEN_END_ID}" hidden></span>`;

/** The theme's token stylesheet (theme/themeStylesheet.ts), allowed by its hash like the others. */
function themeTag(theme: InlineStylesheet | undefined): string {
  return theme ? `<style data-portal-theme>${theme.css}</style>` : '';
}

/**
 * The page for one request. The bootstrap block is data, not code (type="application/json" is
 * never executed), so a CSP without 'unsafe-inline' allows it. The theme's stylesheet goes ahead of
 * the page's own, on every page (with or without a plan): the first paint already has its colours.
 */
export function renderIndex(
  template: IndexTemplate,
  plan: FirstLoadPlan | undefined,
  theme?: InlineStylesheet,
): string {
  if (!template.split) return template.html;
  if (!plan)
    return theme ? `${template.split.before}${themeTag(theme)}${template.split.after}` : template.html;
  const tags = [
    themeTag(theme),
    ...(plan.firstScreen === undefined ? [] : [WHOLE_FIRST_SCREEN]),
    ...plan.preloads.filter((preload) => isSafeHref(preload.href)).map(preloadTag),
  ];
  const bootstrap = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${jsonForScript(plan.bootstrap)}</script>`;
  const words = plan.locale?.words;
  const before = withText(withLocale(template.split.before, plan.locale), 'title', words?.title);
  const after = withText(template.split.after, 'noscript', words?.noscript);
  return `${before}${tags.join('')}${bootstrap}${withFirstScreen(after, plan.firstScreen)}`;
}

/**
 * `<html lang dir data-negotiated>` in the page's locale (the template's own attributes replaced):
 * the browser picks fonts, hyphenation and direction from the first byte, and the page knows the
 * server negotiated it.
 */
function withLocale(html: string, locale: FirstLoadPlan['locale']): string {
  if (!locale) return html;
  return html.replace(
    /<html\b[^>]*>/i,
    `<html lang="${escapeAttribute(locale.tag)}" dir="${locale.dir}" data-negotiated>`,
  );
}

/**
 * The text of the template's first `<title>` or `<noscript>` replaced by the page's locale's
 * (first-load.json's documentWords); the template's own where the host build gives none.
 */
function withText(html: string, element: 'title' | 'noscript', text: string | undefined): string {
  if (text === undefined) return html;
  return html.replace(
    new RegExp(`(<${element}\\b[^>]*>)[^<]*(</${element}>)`, 'i'),
    (_, open: string, close: string) => `${open}${escapeAttribute(text)}${close}`,
  );
}

/** The root element the host renders into, as index.html has it (empty). */
export const ROOT_ELEMENT = '<div id="root">';

/** The rendered first screen inside <div id="root"> (the host's first render takes it over). */
function withFirstScreen(html: string, firstScreen: string | undefined): string {
  if (firstScreen === undefined) return html;
  const at = html.indexOf(ROOT_ELEMENT);
  if (at < 0) return html;
  const inside = at + ROOT_ELEMENT.length;
  return `${html.slice(0, inside)}${firstScreen}${FIRST_SCREEN_END}${html.slice(inside)}`;
}
