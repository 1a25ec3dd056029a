import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Color from 'colorjs.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRAST_PAIRS } from '../../shared/src/ui/tokens.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { parseKernelTokens, readKernelTokens } from '../src/theme/kernelTokens.js';
import { loadTheme, ThemeError } from '../src/theme/loadTheme.js';
import { COLOUR_PROPERTIES, THEME_CONTRAST_PAIRS } from '../src/theme/themeColours.js';
import { LOGO_MAX_BYTES } from '../src/theme/themeLogo.js';
import { packageDir } from './helpers/fixtures.js';

// A theme (issue 44, item 5): a few inputs, the rest derived, and every colour pair checked in
// light and dark before the server starts. The ratios expected here are computed with colorjs.io
// in the test, not read from the server's messages.

const DEFAULT_THEME = path.join(packageDir, 'themes', 'default', 'theme.json');
const EXAMPLE_THEME = path.join(packageDir, 'themes', 'fernbrook', 'theme.json');
const kernel = readKernelTokens();

/** The ratio as the server writes it: cut to two decimals. */
const ratio = (a: string, b: string) => (Math.floor(Color.contrast(a, b, 'WCAG21') * 100) / 100).toFixed(2);
const kernelColour = (scheme: 'light' | 'dark', name: string) => kernel.colours[scheme].get(name) ?? '';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-theme-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A theme file (and its logo, when given) in a folder of its own. */
function themeFile(theme: unknown, logo?: string | Buffer): string {
  files += 1;
  const file = path.join(dir, `theme-${files}.json`);
  writeFileSync(file, JSON.stringify(theme));
  if (logo !== undefined) writeFileSync(path.join(dir, `logo-${files}.svg`), logo);
  return file;
}
const withLogo = (logo: string | Buffer) =>
  themeFile({ logo: `logo-${files + 1}.svg`, colors: { brand: '#0b5cad' } }, logo);

const refusal = (file: string): string => {
  try {
    loadTheme(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ThemeError);
    return (error as Error).message;
  }
  throw new Error('the theme was accepted');
};

describe('the shipped themes', () => {
  it('loads the default theme: the kernel’s own colours, the kernel’s name, no logo', () => {
    const theme = loadTheme(DEFAULT_THEME);
    for (const scheme of ['light', 'dark'] as const)
      for (const role of [
        'brand',
        'onBrand',
        'accent',
        'onAccent',
        'link',
        'focus',
        'focusHalo',
        'focusOnBrand',
      ] as const)
        expect(theme.colours[scheme][role], `${scheme} ${role}`).toBe(
          kernelColour(scheme, COLOUR_PROPERTIES[role]),
        );
    expect(theme.brand).toEqual({});
    expect(theme.logo).toBeUndefined();
    expect(theme.stylesheet.css).not.toContain('--font-family');
    expect(theme.stylesheet.css).not.toContain('--radius');
  });

  it('loads the example theme: another brand, its name, its logo, its font and corners', () => {
    const theme = loadTheme(EXAMPLE_THEME);
    expect(theme.colours.light.brand).toBe('#1d5c3a');
    expect(theme.colours.light.accent).toBe('#b8860b');
    expect(theme.brand.productName).toBe('Fernbrook Bank');
    expect(theme.brand.logoUrl).toMatch(/^\/theme\/logo\.[0-9a-f]{16}\.svg$/);
    expect(theme.logo?.svg.toString()).toContain('<svg');
    expect(theme.stylesheet.css).toContain('--font-family:Georgia, "DejaVu Serif", serif');
    // The kernel's radii are 4/6/8 px: the theme's 2 px is their middle one, the others in proportion.
    expect(theme.stylesheet.css).toContain('--radius-sm:1.3px;--radius-md:2px;--radius-lg:2.7px');
  });

  it('writes every token of the contract on :root, the dark ones under prefers-color-scheme: dark', () => {
    const { css } = loadTheme(EXAMPLE_THEME).stylesheet;
    const [light = '', dark = ''] = css.split('@media (prefers-color-scheme:dark)');
    for (const property of Object.values(COLOUR_PROPERTIES)) {
      expect(light).toMatch(new RegExp(`^:root\\{.*${property}:#[0-9a-f]{6}[;}]`));
      expect(dark).toMatch(new RegExp(`^\\{:root\\{.*${property}:#[0-9a-f]{6}[;}]`));
    }
  });
});

describe('what a theme may leave out', () => {
  it('gives a pale brand dark text, a darker link and a darker accent ring; lighter ones in dark', () => {
    const { colours } = loadTheme(themeFile({ colors: { brand: '#7fd3ff' } }));
    expect(colours.light.onBrand).toBe(kernelColour('light', '--color-text'));
    expect(colours.light.focusOnBrand).toBe(colours.light.onBrand);
    for (const surface of ['--color-page', '--color-surface', '--color-surface-raised'])
      expect(Number(ratio(colours.light.link, kernelColour('light', surface)))).toBeGreaterThanOrEqual(4.5);
    expect(colours.light.link).not.toBe('#7fd3ff');
  });

  it('makes a dark brand stand off the dark page, its text still readable', () => {
    const { colours } = loadTheme(themeFile({ colors: { brand: '#0a2240' } }));
    const darkPage = kernelColour('dark', '--color-page');
    expect(Number(ratio('#0a2240', darkPage))).toBeLessThan(3);
    expect(Number(ratio(colours.dark.brand, darkPage))).toBeGreaterThanOrEqual(3);
    expect(Number(ratio(colours.dark.onBrand, colours.dark.brand))).toBeGreaterThanOrEqual(4.5);
    expect(Number(ratio(colours.dark.link, kernelColour('dark', '--color-surface')))).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});

describe('a theme that breaks accessibility is refused, naming the pair and its ratio', () => {
  it('a brand whose text reads badly on it in light', () => {
    const nearBlack = kernelColour('light', '--color-text');
    // Between white (3.96:1) and near-black (4.18:1): neither reaches 4.5:1.
    expect(refusal(themeFile({ colors: { brand: '#d9534f' } }))).toContain(
      `light: on-brand text ${nearBlack} on brand #d9534f is ${ratio(nearBlack, '#d9534f')}:1, needs 4.5:1`,
    );
  });

  it('white text on a pale brand, as the theme asked for it', () => {
    const message = refusal(themeFile({ colors: { brand: '#7fd3ff', onBrand: '#ffffff' } }));
    expect(message).toContain(
      `light: on-brand text #ffffff on brand #7fd3ff is ${ratio('#ffffff', '#7fd3ff')}:1, needs 4.5:1`,
    );
    // The focus ring inside the brand takes the text's colour: refused with it, 3:1.
    expect(message).toContain(
      `light: focus ring on brand #ffffff on brand #7fd3ff is ${ratio('#ffffff', '#7fd3ff')}:1, needs 3:1`,
    );
  });

  it('an accent that passes in light but fails in dark', () => {
    const message = refusal(
      themeFile({ colors: { brand: '#0b5cad', accent: '#0b5cad', dark: { accent: '#1c7ed6' } } }),
    );
    expect(message).toBe(
      `dark: on-accent text #ffffff on accent #1c7ed6 is ${ratio('#ffffff', '#1c7ed6')}:1, needs 4.5:1`,
    );
  });

  it('a link and a focus ring the theme chose, on every surface they sit on', () => {
    const message = refusal(
      themeFile({ colors: { brand: '#0b5cad', link: '#6cb6ff', dark: { focus: '#30363d' } } }),
    );
    for (const surface of ['page', 'surface', 'surface-raised', 'info-surface']) {
      const background = kernelColour('light', `--color-${surface}`);
      expect(message).toContain(
        `light: link #6cb6ff on ${surface} ${background} is ${ratio('#6cb6ff', background)}:1, needs 4.5:1`,
      );
    }
    const darkPage = kernelColour('dark', '--color-page');
    expect(message).toContain(
      `dark: focus ring #30363d on page ${darkPage} is ${ratio('#30363d', darkPage)}:1, needs 3:1`,
    );
  });

  it('stops the server at start like any configuration error, naming THEME_FILE', () => {
    const file = themeFile({ colors: { brand: '#d9534f' } });
    expect(() => loadConfig({ THEME_FILE: file })).toThrow(ConfigError);
    expect(() => loadConfig({ THEME_FILE: file })).toThrow(
      /^Invalid environment variable THEME_FILE: light: on-brand text #[0-9a-f]{6} on brand #d9534f is /,
    );
    expect(() => loadConfig({ THEME_FILE: path.join(dir, 'missing.json') })).toThrow(
      /^Invalid environment variable THEME_FILE: cannot read /,
    );
    expect(loadConfig({}).theme?.file).toBe(DEFAULT_THEME);
  });
});

describe('the theme file', () => {
  it.each([
    [{}, 'colors: Invalid key'],
    [{ colors: { brand: 'blue' } }, 'colors.brand: must be a hex colour'],
    [{ colors: { brand: '#0b5cad', primary: '#000000' } }, 'colors.primary'],
    [{ colors: { brand: '#0b5cad' }, radius: 40 }, 'radius: must be at most 32'],
    [{ colors: { brand: '#0b5cad' }, productName: 'Bank\nof lines' }, 'productName: must be one line'],
    // Nothing may leave the font-family declaration (or the <style> element).
    [
      { colors: { brand: '#0b5cad' }, fontFamily: 'Arial; } body { display: none' },
      'fontFamily: must be a list',
    ],
    [{ colors: { brand: '#0b5cad' }, fontFamily: 'x</style><script>' }, 'fontFamily: must be a list'],
    [
      { colors: { brand: '#0b5cad' }, fontFamily: 'url(https://evil.example/font.woff)' },
      'fontFamily: must be a list',
    ],
  ])('refuses %j', (theme, message) => {
    expect(refusal(themeFile(theme))).toContain(message);
  });
});

describe('the logo', () => {
  const svg = (inside: string, root = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">') =>
    `${root}${inside}</svg>`;

  it('takes a plain SVG with inline styles and references inside itself', () => {
    const file = withLogo(
      svg(
        '<defs><linearGradient id="g"/></defs><style>.a{fill:url(#g)}</style><rect class="a" width="32" height="32"/><use href="#g"/>',
      ),
    );
    expect(loadTheme(file).logo?.svg.toString()).toContain('<rect');
  });

  it.each([
    [
      'a PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'is not an SVG document',
    ],
    ['an HTML page', '<html><body><svg></svg></body></html>', 'its root element is <html>, not <svg>'],
    ['an svg outside the SVG namespace', '<svg viewBox="0 0 1 1"></svg>', 'outside the SVG namespace'],
    ['a script', svg('<script>alert(1)</script>'), 'holds a <script>'],
    [
      'an event handler',
      svg('<rect width="1" height="1" onclick="alert(1)"/>'),
      'event handler attribute onclick',
    ],
    [
      'a handler on the root',
      svg('', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">'),
      'onload',
    ],
    [
      'HTML inside',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
      'foreignObject',
    ],
    [
      'a javascript: link',
      svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'),
      'links outside itself',
    ],
    ['an external image', svg('<image href="https://evil.example/x.png"/>'), 'links outside itself'],
    [
      'an external url()',
      svg('<rect style="fill:url(https://evil.example/p#x)"/>'),
      'loads a url() outside itself',
    ],
    ['an @import', svg('<style>@import "https://evil.example/x.css";</style>'), '@import'],
    ['entities', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('')}`, 'DOCTYPE'],
    [
      'an external stylesheet',
      `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('')}`,
      'processing instruction',
    ],
    ['broken XML', '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>', 'not well-formed XML'],
  ])('refuses %s', (_what, logo, message) => {
    const text = refusal(withLogo(logo));
    expect(text).toContain('the logo ');
    expect(text).toContain(message);
  });

  it('refuses one over the size cap', () => {
    const logo = svg(`<!--${'x'.repeat(LOGO_MAX_BYTES)}-->`);
    expect(refusal(withLogo(logo))).toContain(`bytes, at most ${LOGO_MAX_BYTES}`);
  });

  it('names a missing file', () => {
    expect(refusal(themeFile({ logo: 'nowhere.svg', colors: { brand: '#0b5cad' } }))).toContain(
      'cannot read the logo',
    );
  });
});

describe('the kernel’s tokens', () => {
  it('checks every pair of the kernel’s list that holds a colour a theme sets', () => {
    const themed = new Set(Object.values(COLOUR_PROPERTIES));
    const key = (pair: { foreground: string; background: string; minimum: number }) =>
      `${pair.foreground} on ${pair.background} ${pair.minimum}`;
    const checked = new Set(THEME_CONTRAST_PAIRS.map(key));
    const kernelPairs = CONTRAST_PAIRS.filter(
      (pair) => themed.has(pair.foreground) || themed.has(pair.background),
    );
    expect(kernelPairs.length).toBeGreaterThan(5);
    expect(kernelPairs.map(key).filter((pair) => !checked.has(pair))).toEqual([]);
  });

  it('reads :root and :where(:root), dark over light, with var() and light-dark() resolved', () => {
    const tokens = parseKernelTokens(
      `:where(:root) { --gray-12: #1b1f24; --color-text: var(--gray-12); --color-page: light-dark(#ffffff, #000000);
         --radius-sm: 0.25rem; --radius-md: 6px; --radius-lg: 8px; --color-backdrop: rgb(0 0 0 / 40%); }
       @media (prefers-color-scheme: dark) { :root { --gray-12: #eeeeee; } }
       @media (forced-colors: active) { :root { --color-text: CanvasText; } }
       .card { --color-text: #ff0000; }`,
      'tokens.css',
    );
    expect(tokens.colours.light.get('--color-text')).toBe('#1b1f24');
    expect(tokens.colours.dark.get('--color-text')).toBe('#eeeeee');
    expect(tokens.colours.light.get('--color-page')).toBe('#ffffff');
    expect(tokens.colours.dark.get('--color-page')).toBe('#000000');
    // Translucent: no colour a pair can be measured against.
    expect(tokens.colours.light.has('--color-backdrop')).toBe(false);
    expect(tokens.radii).toEqual({ sm: 4, md: 6, lg: 8 });
  });

  it('refuses to check a theme against tokens that lack a colour it needs', () => {
    const tokens = parseKernelTokens(':root { --color-text: #000000; }', 'tokens.css');
    expect(() => loadTheme(DEFAULT_THEME, { kernel: tokens })).toThrow(
      /give no colour to check the theme against: --color-page \(light\)/,
    );
  });
});
