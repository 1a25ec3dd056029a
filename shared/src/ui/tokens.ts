/**
 * The names of the design tokens in tokens.css: a contract (a theme replaces their values, never
 * their names), and the pairs whose contrast every palette must keep. tokens.css is the one source
 * of the values; shared/test/tokens.test.ts checks that it defines every name here, in light and
 * in dark, and that each pair holds there.
 */
export const COLOR_TOKENS = [
  '--color-brand',
  '--color-on-brand',
  '--color-brand-hover',
  '--color-accent',
  '--color-on-accent',
  '--color-text',
  '--color-text-muted',
  '--color-link',
  '--color-page',
  '--color-surface',
  '--color-surface-raised',
  '--color-border',
  '--color-border-strong',
  '--color-inverse-surface',
  '--color-on-inverse',
  '--color-backdrop',
  '--color-danger',
  '--color-danger-surface',
  '--color-on-danger-surface',
  '--color-success',
  '--color-success-surface',
  '--color-warning',
  '--color-info-surface',
  '--color-focus',
  '--color-focus-halo',
  '--color-focus-on-brand',
] as const;

export const TYPE_TOKENS = [
  '--font-family',
  '--font-family-mono',
  '--font-size-sm',
  '--font-size-md',
  '--font-size-lg',
  '--font-size-xl',
  '--font-size-2xl',
  '--font-size-3xl',
  '--font-size-display',
  '--line-height-body',
  '--line-height-heading',
  '--font-weight-regular',
  '--font-weight-medium',
  '--font-weight-bold',
] as const;

/** The spacing scale: margins, paddings, gaps and insets use these steps only (the Stylelint rule). */
export const SPACE_TOKENS = [
  '--space-0',
  '--space-1',
  '--space-2',
  '--space-3',
  '--space-4',
  '--space-5',
  '--space-6',
  '--space-8',
  '--space-10',
  '--space-12',
  '--space-16',
] as const;

export const SHAPE_AND_MOTION_TOKENS = [
  '--radius-sm',
  '--radius-md',
  '--radius-lg',
  '--radius-pill',
  '--shadow-1',
  '--shadow-2',
  '--motion-duration-fast',
  '--motion-duration-normal',
  '--motion-easing',
  '--focus-width',
  '--focus-offset',
  '--focus-halo-width',
] as const;

export type ColorToken = (typeof COLOR_TOKENS)[number];
export type DesignToken =
  | ColorToken
  | (typeof TYPE_TOKENS)[number]
  | (typeof SPACE_TOKENS)[number]
  | (typeof SHAPE_AND_MOTION_TOKENS)[number];

export const DESIGN_TOKENS: readonly DesignToken[] = [
  ...COLOR_TOKENS,
  ...TYPE_TOKENS,
  ...SPACE_TOKENS,
  ...SHAPE_AND_MOTION_TOKENS,
];

/** A foreground colour shown on a background colour, and the contrast WCAG 2.2 AA asks of it. */
export interface ContrastPair {
  foreground: ColorToken;
  background: ColorToken;
  /** 4.5 for text (1.4.3), 3 for a control's border or the focus ring (1.4.11, 2.4.13). */
  minimum: 4.5 | 3;
}

const SURFACES = ['--color-page', '--color-surface', '--color-surface-raised'] as const;
const onEverySurface = (foreground: ColorToken, minimum: 4.5 | 3): ContrastPair[] =>
  SURFACES.map((background) => ({ foreground, background, minimum }));

/** Every pair the screens show, in light and in dark. */
export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  ...onEverySurface('--color-text', 4.5),
  ...onEverySurface('--color-text-muted', 4.5),
  ...onEverySurface('--color-link', 4.5),
  ...onEverySurface('--color-danger', 4.5),
  { foreground: '--color-text', background: '--color-info-surface', minimum: 4.5 },
  { foreground: '--color-text-muted', background: '--color-info-surface', minimum: 4.5 },
  { foreground: '--color-link', background: '--color-info-surface', minimum: 4.5 },
  { foreground: '--color-text', background: '--color-success-surface', minimum: 4.5 },
  { foreground: '--color-on-danger-surface', background: '--color-danger-surface', minimum: 4.5 },
  { foreground: '--color-on-brand', background: '--color-brand', minimum: 4.5 },
  { foreground: '--color-on-brand', background: '--color-brand-hover', minimum: 4.5 },
  { foreground: '--color-on-accent', background: '--color-accent', minimum: 4.5 },
  { foreground: '--color-on-inverse', background: '--color-inverse-surface', minimum: 4.5 },
  ...onEverySurface('--color-border-strong', 3),
  ...onEverySurface('--color-focus', 3),
  { foreground: '--color-focus', background: '--color-focus-halo', minimum: 3 },
  { foreground: '--color-focus-on-brand', background: '--color-brand', minimum: 3 },
  { foreground: '--color-danger', background: '--color-danger-surface', minimum: 3 },
  { foreground: '--color-success', background: '--color-success-surface', minimum: 3 },
  { foreground: '--color-warning', background: '--color-surface', minimum: 3 },
];
