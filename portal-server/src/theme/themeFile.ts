import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';

/**
 * A theme file (THEME_FILE): a handful of inputs, Clerk's appearance variables' way; every other
 * shade is derived (themeColours.ts) and everything is checked before the server starts.
 */

const hexColour = v.pipe(
  v.string(),
  v.regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'must be a hex colour, #rrggbb or #rgb'),
  v.transform((value) => {
    const digits = value.slice(1).toLowerCase();
    return digits.length === 3 ? `#${[...digits].map((digit) => `${digit}${digit}`).join('')}` : `#${digits}`;
  }),
);

/** The colours a scheme may set; `brand` is the only one a theme must give (in light). */
const schemeColours = {
  accent: v.optional(hexColour),
  onBrand: v.optional(hexColour),
  onAccent: v.optional(hexColour),
  link: v.optional(hexColour),
  focus: v.optional(hexColour),
};

const PRODUCT_NAME_MAX = 60;
const productName = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(PRODUCT_NAME_MAX, `must be at most ${PRODUCT_NAME_MAX} characters`),
  v.regex(/^[^\p{Cc}]*$/u, 'must be one line without control characters'),
);

/**
 * A CSS font stack of family names only: quoted names and plain identifiers, comma separated. No
 * function, brace, semicolon or angle bracket can get through, so the value can neither leave its
 * declaration nor load anything (the CSP allows fonts from the portal only, and a theme brings none).
 */
const FAMILY = String.raw`(?:"[^"\\;{}<>]+"|'[^'\\;{}<>]+'|[A-Za-z_-][A-Za-z0-9_ -]*)`;
const FONT_STACK = new RegExp(String.raw`^\s*${FAMILY}(?:\s*,\s*${FAMILY})*\s*$`);
const fontFamily = v.pipe(
  v.string(),
  v.maxLength(300, 'must be at most 300 characters'),
  v.regex(FONT_STACK, 'must be a list of font family names, e.g. "Source Sans 3", system-ui, sans-serif'),
  v.transform((value) => value.trim()),
);

export const RADIUS_MAX_PX = 32;

export const ThemeFileSchema = v.strictObject({
  /** Shown in the header instead of the kernel's (translated) product name. */
  productName: v.optional(productName),
  /** An SVG file, relative to the theme file. */
  logo: v.optional(v.pipe(v.string(), v.minLength(1, 'must name an SVG file'))),
  fontFamily: v.optional(fontFamily),
  /** The corner radius of controls in px; the kernel's other radii are scaled with it. */
  radius: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0, 'must be 0 or more'),
      v.maxValue(RADIUS_MAX_PX, `must be at most ${RADIUS_MAX_PX} (px)`),
    ),
  ),
  colors: v.strictObject({
    brand: hexColour,
    ...schemeColours,
    /** The same colours for `prefers-color-scheme: dark`; each one absent is derived. */
    dark: v.optional(v.strictObject({ brand: v.optional(hexColour), ...schemeColours })),
  }),
});

export type ThemeFile = v.InferOutput<typeof ThemeFileSchema>;

/** The colours a theme gives for one scheme (light: brand always). */
export type SchemeInputs = Partial<Omit<ThemeFile['colors'], 'dark'>>;

export interface ReadThemeFile {
  theme: ThemeFile;
  /** The logo's path, resolved against the theme file's folder. */
  logoFile: string | undefined;
}

/** Reads and checks the theme file's shape; the message says what is wrong and where. */
export function readThemeFile(file: string): ReadThemeFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = v.safeParse(ThemeFileSchema, raw);
  if (!parsed.success) throw new Error(`${file}: ${describeIssues(parsed.issues)}`);
  const theme = parsed.output;
  return {
    theme,
    logoFile: theme.logo === undefined ? undefined : path.resolve(path.dirname(file), theme.logo),
  };
}
