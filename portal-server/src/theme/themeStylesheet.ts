import type { KernelTokens, Scheme } from './kernelTokens.js';
import { COLOUR_PROPERTIES, type ThemeColours } from './themeColours.js';
import type { ThemeFile } from './themeFile.js';

/**
 * The kernel declares its tokens on `:where(:root)`, which has no specificity: a theme's `:root`
 * wins whatever order the stylesheets arrive in (a client-rendered page links the kernel's after
 * this one), in light and in dark.
 */
export const THEME_SELECTOR = ':root';

/**
 * The theme as CSS: the colour tokens of each scheme (dark under `prefers-color-scheme: dark`),
 * and the font and radii where the theme sets them (else the kernel's stand). Every value is a
 * #rrggbb colour, a px length or a checked font stack (themeFile.ts), so nothing here can leave its
 * declaration, and the text never holds `</style`.
 */
export function themeStylesheet(
  colours: Record<Scheme, ThemeColours>,
  theme: Pick<ThemeFile, 'fontFamily' | 'radius'>,
  kernelRadii: KernelTokens['radii'],
): string {
  const light = [
    ...colourDeclarations(colours.light),
    ...(theme.fontFamily === undefined ? [] : [`--font-family:${theme.fontFamily}`]),
    ...(theme.radius === undefined ? [] : radiusDeclarations(theme.radius, kernelRadii)),
  ];
  return (
    `${THEME_SELECTOR}{${light.join(';')}}\n` +
    `@media (prefers-color-scheme:dark){${THEME_SELECTOR}{${colourDeclarations(colours.dark).join(';')}}}\n`
  );
}

function colourDeclarations(colours: ThemeColours): string[] {
  return (Object.keys(COLOUR_PROPERTIES) as (keyof ThemeColours)[]).map(
    (role) => `${COLOUR_PROPERTIES[role]}:${colours[role]}`,
  );
}

/**
 * The theme's radius is the kernel's middle one (controls); the small and large ones keep their
 * proportion to it, so `0` squares every corner and `12` rounds all of them half again as much as
 * `8`. Without the kernel's radii: half and twice.
 */
function radiusDeclarations(radius: number, kernel: KernelTokens['radii']): string[] {
  const scale = kernel && kernel.md > 0 ? radius / kernel.md : undefined;
  const sm = scale === undefined ? radius / 2 : (kernel?.sm ?? 0) * scale;
  const lg = scale === undefined ? radius * 2 : (kernel?.lg ?? 0) * scale;
  const px = (value: number) => `${Math.round(value * 10) / 10}px`;
  return [`--radius-sm:${px(sm)}`, `--radius-md:${px(radius)}`, `--radius-lg:${px(lg)}`];
}
