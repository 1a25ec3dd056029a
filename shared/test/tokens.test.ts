import { readFileSync } from 'node:fs';
import path from 'node:path';
import Color from 'colorjs.io';
import { describe, expect, it } from 'vitest';
import { COLOR_TOKENS, CONTRAST_PAIRS, DESIGN_TOKENS } from '../src/ui/tokens';

// The design tokens (issue 44): tokens.css defines every name of the contract, the dark palette
// every colour, and each palette keeps the contrast of every pair the screens show (WCAG 2.2 AA).
// The rendered screens are checked too, by axe in both schemes (e2e/tests/color-schemes.spec.ts).

const css = readFileSync(path.resolve(import.meta.dirname, '../src/ui/tokens.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

/** The custom properties of the first `:where(:root) { … }` block in `text`. */
function declarations(text: string): Map<string, string> {
  const block = /:where\(:root\)\s*\{([^}]*)\}/.exec(text)?.[1] ?? '';
  return new Map(
    [...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [
      name ?? '',
      (value ?? '').trim(),
    ]),
  );
}

/** The text of the at-rule block that starts with `prelude` (its braces balanced). */
function atRule(prelude: string): string {
  const start = css.indexOf(prelude);
  if (start < 0) return '';
  let depth = 0;
  for (let i = css.indexOf('{', start); i < css.length; i++) {
    if (css[i] === '{') depth++;
    if (css[i] === '}' && --depth === 0) return css.slice(start, i + 1);
  }
  return '';
}

const light = declarations(css.slice(0, css.indexOf('@media')));
const darkOnly = declarations(atRule('@media (prefers-color-scheme: dark)'));
const dark = new Map([...light, ...darkOnly]);

describe('tokens.css', () => {
  it('defines every token of the contract', () => {
    expect(DESIGN_TOKENS.filter((name) => !light.has(name))).toEqual([]);
  });

  it('gives every colour its own dark value, and follows the colour scheme', () => {
    expect(COLOR_TOKENS.filter((name) => !darkOnly.has(name))).toEqual([]);
    expect(css).toMatch(/:where\(:root\)\s*\{\s*color-scheme:\s*light dark;/);
  });

  it('takes the durations away under reduced motion', () => {
    const reduced = declarations(atRule('@media (prefers-reduced-motion: reduce)'));
    expect(reduced.get('--motion-duration-fast')).toBe('0ms');
    expect(reduced.get('--motion-duration-normal')).toBe('0ms');
  });

  for (const [scheme, values] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`keeps every pair's contrast in ${scheme}`, () => {
      const failing = CONTRAST_PAIRS.flatMap(({ foreground, background, minimum }) => {
        const ratio = Color.contrast(
          values.get(foreground) ?? 'none',
          values.get(background) ?? 'none',
          'WCAG21',
        );
        return ratio >= minimum ? [] : [`${foreground} on ${background}: ${ratio.toFixed(2)} < ${minimum}`];
      });
      expect(failing).toEqual([]);
    });
  }
});
