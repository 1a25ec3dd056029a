import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import postcss, { type AtRule, type Rule } from 'postcss';
import { parseColour } from './colour.js';

/**
 * The kernel's design tokens (@portal/shared/ui/tokens.css): the one source of the colours a theme
 * does not set (text, page, surfaces, the focus ring's) in light and dark, which its own colours
 * are derived from and checked against, and of the corner radii a theme's `radius` scales. Read
 * once at start.
 */

export type Scheme = 'light' | 'dark';
export const SCHEMES: readonly Scheme[] = ['light', 'dark'];

/** Every colour token of one scheme, by custom property, as #rrggbb (translucent ones left out). */
export type KernelColours = ReadonlyMap<string, string>;

export interface KernelTokens {
  colours: Record<Scheme, KernelColours>;
  /** The kernel's radii in px, when it gives all three in px or rem. */
  radii: { sm: number; md: number; lg: number } | undefined;
}

/** Where the kernel's tokens file is: the workspace's @portal/shared, as this package resolves it. */
export function kernelTokensFile(): string {
  return fileURLToPath(import.meta.resolve('@portal/shared/ui/tokens.css'));
}

export function readKernelTokens(file = kernelTokensFile()): KernelTokens {
  return parseKernelTokens(readFileSync(file, 'utf8'), file);
}

/** `:root`, or `:where(:root)` (the kernel's: no specificity, so a theme's `:root` always wins). */
const ROOT_SELECTORS = new Set([':root', ':where(:root)']);

/**
 * The custom properties of `:root` (light) and of `:root` inside `@media (prefers-color-scheme:
 * dark)` (dark, over the light ones), with `var()` and `light-dark()` resolved. Any other rule
 * (a component's, a reduced-motion block) is not a palette and is left out.
 */
export function parseKernelTokens(css: string, file: string): KernelTokens {
  const light = new Map<string, string>();
  const dark = new Map<string, string>();
  postcss.parse(css, { from: file }).walkRules((rule) => {
    if (!rule.selectors.some((selector) => ROOT_SELECTORS.has(selector.trim()))) return;
    const into = schemeOf(rule);
    if (!into) return;
    rule.walkDecls(/^--/, (decl) => {
      (into === 'light' ? light : dark).set(decl.prop, decl.value.trim());
    });
  });
  const lookup = (scheme: Scheme) => (name: string) =>
    scheme === 'dark' ? (dark.get(name) ?? light.get(name)) : light.get(name);
  const colours = (scheme: Scheme): KernelColours => {
    const found = new Map<string, string>();
    for (const name of new Set([...light.keys(), ...dark.keys()])) {
      if (!name.startsWith('--color-')) continue;
      const value = resolveValue(name, lookup(scheme), scheme);
      const hex = value === undefined ? undefined : parseColour(value);
      if (hex !== undefined) found.set(name, hex);
    }
    return found;
  };
  return { colours: { light: colours('light'), dark: colours('dark') }, radii: radii(lookup('light')) };
}

function schemeOf(rule: Rule): Scheme | undefined {
  const parent = rule.parent;
  if (parent?.type === 'root') return 'light';
  if (parent?.type === 'atrule') {
    const atRule = parent as AtRule;
    const darkMedia = atRule.name === 'media' && /prefers-color-scheme\s*:\s*dark/i.test(atRule.params);
    if (darkMedia && atRule.parent?.type === 'root') return 'dark';
  }
  return undefined;
}

/** A property's value with its var() references and light-dark() pairs resolved; undefined if it cannot be. */
function resolveValue(
  property: string,
  lookup: (name: string) => string | undefined,
  scheme: Scheme,
  depth = 0,
): string | undefined {
  const raw = lookup(property);
  if (raw === undefined || depth > 16) return undefined;
  let value = raw;
  let unresolved = false;
  value = value.replace(/var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*))?\)/g, (_, name: string, fallback?: string) => {
    const resolved = resolveValue(name, lookup, scheme, depth + 1) ?? fallback?.trim();
    if (resolved === undefined) unresolved = true;
    return resolved ?? '';
  });
  if (unresolved) return undefined;
  const pair = /^light-dark\(\s*([^,]+?)\s*,\s*([^,]+?)\s*\)$/i.exec(value);
  if (pair) value = (scheme === 'light' ? pair[1] : pair[2]) ?? value;
  return value;
}

const ROOT_FONT_PX = 16;

function lengthPx(value: string | undefined): number | undefined {
  const match = value === undefined ? null : /^(\d+(?:\.\d+)?)(px|rem)$/.exec(value);
  if (!match) return value === '0' ? 0 : undefined;
  return Number(match[1]) * (match[2] === 'rem' ? ROOT_FONT_PX : 1);
}

function radii(lookup: (name: string) => string | undefined): KernelTokens['radii'] {
  const read = (name: string) => lengthPx(resolveValue(name, lookup, 'light'));
  const [sm, md, lg] = [read('--radius-sm'), read('--radius-md'), read('--radius-lg')];
  return sm === undefined || md === undefined || lg === undefined ? undefined : { sm, md, lg };
}
