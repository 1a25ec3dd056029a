import { contrast, isLighter, shiftLightness, stepUntil } from './colour.js';
import { type KernelColours, SCHEMES, type Scheme } from './kernelTokens.js';
import type { SchemeInputs, ThemeFile } from './themeFile.js';

/** The colour tokens a theme sets, per scheme (shared/src/ui/tokens.css has the same names). */
export interface ThemeColours {
  brand: string;
  onBrand: string;
  brandHover: string;
  accent: string;
  onAccent: string;
  link: string;
  focus: string;
  focusHalo: string;
  focusOnBrand: string;
}

/** The custom property of each colour token. */
export const COLOUR_PROPERTIES: Record<keyof ThemeColours, string> = {
  brand: '--color-brand',
  onBrand: '--color-on-brand',
  brandHover: '--color-brand-hover',
  accent: '--color-accent',
  onAccent: '--color-on-accent',
  link: '--color-link',
  focus: '--color-focus',
  focusHalo: '--color-focus-halo',
  focusOnBrand: '--color-focus-on-brand',
};

/** WCAG 2.2 AA: text 1.4.3; user-interface components and focus indicators 1.4.11. */
export const TEXT_CONTRAST = 4.5;
export const NON_TEXT_CONTRAST = 3;

const WHITE = '#ffffff';
const TEXT = '--color-text';
const PAGE = '--color-page';
/** Where text and the focus ring sit: the kernel's surfaces (shared/src/ui/tokens.ts, CONTRAST_PAIRS). */
const TEXT_BACKGROUNDS = [
  '--color-page',
  '--color-surface',
  '--color-surface-raised',
  '--color-info-surface',
];
const FOCUS_BACKGROUNDS = ['--color-page', '--color-surface', '--color-surface-raised'];

/** How far the hover shade of brand moves in OKLCH lightness, away from its text. */
const HOVER_STEP = 0.06;

/** The kernel's colours the checks and derivations read: a tokens file without one cannot be used. */
export const KERNEL_COLOURS_READ = [
  ...new Set([TEXT, ...TEXT_BACKGROUNDS, '--color-focus', '--color-focus-halo']),
];

/**
 * Every colour token of both schemes from the few the theme gives. What it gives is kept as it is
 * (the checks then judge it); what it does not is derived so that it passes where it can:
 *
 * - on-brand, on-accent: white or the kernel's light text colour (near-black), whichever contrasts more;
 * - brand-hover: brand a step (0.06 OKLCH lightness) further from its text;
 * - dark brand: the light brand, lighter in OKLCH until it stands 3:1 off the dark page with its
 *   text still 4.5:1;
 * - accent: the brand (in dark, the light accent lightened as the brand is);
 * - link: the brand when it reads 4.5:1 on every surface, else darker (light) or lighter (dark)
 *   until it does;
 * - focus ring and halo: the kernel's; on brand, the on-brand colour.
 */
export function deriveColours(
  colors: ThemeFile['colors'],
  kernel: Record<Scheme, KernelColours>,
): Record<Scheme, ThemeColours> {
  const nearBlack = kernelColour(kernel.light, TEXT);
  const light = deriveScheme(colors, kernel.light, nearBlack, 'light');
  const { dark: darkInputs = {} } = colors;
  const darkPage = kernelColour(kernel.dark, PAGE);
  // The dark scheme starts from the light one's colours, lighter where they need to be.
  const lifted = (colour: string) =>
    stepUntil(
      colour,
      'up',
      (candidate) =>
        contrast(candidate, darkPage) >= NON_TEXT_CONTRAST &&
        contrast(bestText(candidate, nearBlack), candidate) >= TEXT_CONTRAST,
    ) ?? colour;
  const darkBrand = darkInputs.brand ?? lifted(light.brand);
  const dark = deriveScheme(
    {
      ...darkInputs,
      brand: darkBrand,
      ...(darkInputs.accent === undefined && colors.accent !== undefined
        ? { accent: lifted(colors.accent) }
        : {}),
    },
    kernel.dark,
    nearBlack,
    'dark',
  );
  return { light, dark };
}

function deriveScheme(
  inputs: SchemeInputs & { brand: string },
  kernel: KernelColours,
  nearBlack: string,
  scheme: Scheme,
): ThemeColours {
  const { brand } = inputs;
  const onBrand = inputs.onBrand ?? bestText(brand, nearBlack);
  const accent = inputs.accent ?? brand;
  return {
    brand,
    onBrand,
    brandHover: shiftLightness(brand, isLighter(onBrand, brand) ? -HOVER_STEP : HOVER_STEP),
    accent,
    onAccent: inputs.onAccent ?? bestText(accent, nearBlack),
    link: inputs.link ?? readableOn(brand, kernel, scheme),
    focus: inputs.focus ?? kernelColour(kernel, '--color-focus'),
    focusHalo: kernelColour(kernel, '--color-focus-halo'),
    focusOnBrand: onBrand,
  };
}

function kernelColour(kernel: KernelColours, name: string): string {
  const colour = kernel.get(name);
  // readKernelTokens' callers check KERNEL_COLOURS_READ first (loadTheme.ts).
  if (colour === undefined) throw new Error(`the kernel's tokens have no ${name}`);
  return colour;
}

function bestText(background: string, nearBlack: string): string {
  return contrast(WHITE, background) >= contrast(nearBlack, background) ? WHITE : nearBlack;
}

/** `colour` when it reads 4.5:1 on every surface; else stepped darker (light) or lighter (dark) till it does. */
function readableOn(colour: string, kernel: KernelColours, scheme: Scheme): string {
  const surfaces = TEXT_BACKGROUNDS.map((name) => kernelColour(kernel, name));
  const passes = (candidate: string) =>
    surfaces.every((surface) => contrast(candidate, surface) >= TEXT_CONTRAST);
  return stepUntil(colour, scheme === 'light' ? 'down' : 'up', passes) ?? kernelColour(kernel, TEXT);
}

/** One pair the checks measure: a token's colour on another's, and the least ratio it needs. */
export interface ContrastPair {
  foreground: string;
  background: string;
  minimum: number;
}

const onEach = (foreground: string, backgrounds: readonly string[], minimum: number): ContrastPair[] =>
  backgrounds.map((background) => ({ foreground, background, minimum }));

/**
 * Every pair of shared/src/ui/tokens.ts's CONTRAST_PAIRS with a colour a theme sets (the others
 * cannot change with a theme; the server cannot load the kernel's TypeScript at run time, so the
 * list is its own, and test/theme.test.ts keeps the two in step), and the
 * focus ring on a hovered primary button: text 4.5:1, focus rings 3:1 (WCAG 2.2 AA, 1.4.3, 1.4.11).
 */
export const THEME_CONTRAST_PAIRS: readonly ContrastPair[] = [
  { foreground: '--color-on-brand', background: '--color-brand', minimum: TEXT_CONTRAST },
  { foreground: '--color-on-brand', background: '--color-brand-hover', minimum: TEXT_CONTRAST },
  { foreground: '--color-on-accent', background: '--color-accent', minimum: TEXT_CONTRAST },
  ...onEach('--color-link', TEXT_BACKGROUNDS, TEXT_CONTRAST),
  ...onEach('--color-focus', FOCUS_BACKGROUNDS, NON_TEXT_CONTRAST),
  { foreground: '--color-focus', background: '--color-focus-halo', minimum: NON_TEXT_CONTRAST },
  { foreground: '--color-focus-on-brand', background: '--color-brand', minimum: NON_TEXT_CONTRAST },
  { foreground: '--color-focus-on-brand', background: '--color-brand-hover', minimum: NON_TEXT_CONTRAST },
];

/** How a failure names a colour: `on-brand text`, `link`, `focus ring`; a background by its role. */
const FOREGROUND_NAMES: Record<string, string> = {
  '--color-on-brand': 'on-brand text',
  '--color-on-accent': 'on-accent text',
  '--color-link': 'link',
  '--color-focus': 'focus ring',
  '--color-focus-on-brand': 'focus ring on brand',
};
const roleName = (property: string) => property.replace(/^--color-/, '');

/**
 * A ratio as a person checking it would read it: cut, never rounded, to two decimals, so a pair
 * that fails is never shown at the ratio it needs (4.497 is 4.49, not 4.50).
 */
export function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toFixed(2);
}

/**
 * The pairs under their ratio in either scheme, each said as
 * `light: on-brand text #ffffff on brand #7fd3ff is 1.65:1, needs 4.5:1`.
 */
export function contrastFailures(
  colours: Record<Scheme, ThemeColours>,
  kernel: Record<Scheme, KernelColours>,
): string[] {
  return SCHEMES.flatMap((scheme) => {
    const values = new Map(kernel[scheme]);
    for (const [role, property] of Object.entries(COLOUR_PROPERTIES) as [keyof ThemeColours, string][])
      values.set(property, colours[scheme][role]);
    return THEME_CONTRAST_PAIRS.flatMap(({ foreground, background, minimum }) => {
      const [colour, on] = [values.get(foreground), values.get(background)];
      if (colour === undefined || on === undefined)
        return [`${scheme}: ${foreground} or ${background} has no colour`];
      const ratio = contrast(colour, on);
      if (ratio >= minimum) return [];
      const what = FOREGROUND_NAMES[foreground] ?? roleName(foreground);
      return [
        `${scheme}: ${what} ${colour} on ${roleName(background)} ${on} is ${formatRatio(ratio)}:1, needs ${minimum}:1`,
      ];
    });
  });
}
