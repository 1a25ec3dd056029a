import { createHash } from 'node:crypto';
import { type InlineStylesheet, inlineStylesheet } from '../firstLoad/inlineStylesheet.js';
import { type KernelTokens, readKernelTokens, SCHEMES, type Scheme } from './kernelTokens.js';
import { contrastFailures, deriveColours, KERNEL_COLOURS_READ, type ThemeColours } from './themeColours.js';
import { readThemeFile } from './themeFile.js';
import { readLogo } from './themeLogo.js';
import { themeStylesheet } from './themeStylesheet.js';

/** Where the theme's stylesheet is served (the page carries the same text inline). */
export const THEME_STYLESHEET_PATH = '/theme/theme.css';

/** What the header shows of the theme; it reaches the page in the portal configuration's `theme`. */
export interface ThemeBrand {
  productName?: string;
  logoUrl?: string;
}

/** A theme as the server uses it: checked, derived and rendered once, at start. */
export interface Theme {
  /** The file it came from. */
  file: string;
  /** Every colour token of both schemes, as derived and checked. */
  colours: Record<Scheme, ThemeColours>;
  /** The token stylesheet, with the CSP hash the page's policy allows it by. */
  stylesheet: InlineStylesheet;
  /** The header's product name and logo URL (empty: the kernel's name, no logo). */
  brand: ThemeBrand;
  /** The logo as served: its URL names its content's hash, so it is cached for good. */
  logo: { url: string; svg: Buffer } | undefined;
  /** Stands for everything a page shows of the theme (the page cache's key). */
  key: string;
}

/** A theme that cannot be used; the message says why (the pair and its ratio, the file, the field). */
export class ThemeError extends Error {
  override name = 'ThemeError';
}

export interface LoadThemeOptions {
  /** The kernel's tokens (tests give their own); default shared/src/ui/tokens.css. */
  kernel?: KernelTokens;
}

/**
 * Reads the theme file and its logo, derives the colours it does not give, and refuses it when
 * any pair of colours falls under WCAG 2.2 AA in light or dark (all failures named at once).
 */
export function loadTheme(file: string, options: LoadThemeOptions = {}): Theme {
  const { theme, logoFile } = attempt(() => readThemeFile(file));
  const kernel = options.kernel ?? attempt(() => readKernelTokens());
  const missing = SCHEMES.flatMap((scheme) =>
    KERNEL_COLOURS_READ.filter((name) => !kernel.colours[scheme].has(name)).map(
      (name) => `${name} (${scheme})`,
    ),
  );
  if (missing.length > 0)
    throw new ThemeError(
      `the kernel's tokens give no colour to check the theme against: ${missing.join(', ')}`,
    );
  const colours = deriveColours(theme.colors, kernel.colours);
  const failures = contrastFailures(colours, kernel.colours);
  if (failures.length > 0) throw new ThemeError(failures.join('; '));
  const svg = logoFile === undefined ? undefined : attempt(() => readLogo(logoFile));
  const logo = svg && { url: `/theme/logo.${sha256(svg).slice(0, 16)}.svg`, svg };
  const css = themeStylesheet(colours, theme, kernel.radii);
  const stylesheet = inlineStylesheet(THEME_STYLESHEET_PATH, css);
  // Never: the text is made of checked values only (themeStylesheet.ts).
  if (!stylesheet) throw new ThemeError('the theme stylesheet cannot be inline');
  const brand: ThemeBrand = {
    ...(theme.productName === undefined ? {} : { productName: theme.productName }),
    ...(logo ? { logoUrl: logo.url } : {}),
  };
  return {
    file,
    colours,
    stylesheet,
    brand,
    logo,
    key: sha256(JSON.stringify({ css, brand })).slice(0, 32),
  };
}

function attempt<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new ThemeError(error instanceof Error ? error.message : String(error));
  }
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
