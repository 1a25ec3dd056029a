// Design tokens only (issue 44; docs/architecture.md, "Design tokens"): the host's, the remotes' and
// the kernel's UI stylesheets take every colour, font size and spacing from
// shared/src/ui/tokens.css, the one file allowed raw values. `npm run lint:css` (a step of `npm test`);
// tooling/test/designTokensLint.test.ts shows what it refuses.

/** Margins, paddings, gaps and insets: a step of the spacing scale, 0 or auto, nothing else. */
const SPACING = ['/^margin/', '/^padding/', 'gap', 'row-gap', 'column-gap', '/^inset/'];
const SPACING_PATTERN = '/^(margin|padding|gap|row-gap|column-gap|inset)/';

/** The properties a colour is written in (shorthands expanded by the plugin). */
const COLOUR_PROPERTIES = ['/color$/', 'fill', 'stroke'];

const KEYWORDS = [
  '0',
  'auto',
  '/^calc\\(-1 \\* var\\(--space-\\d+\\)\\)$/',
  'inherit',
  'initial',
  'unset',
  'none',
  'transparent',
  '/^currentColor$/i',
];

/** A length written by hand: digits with a unit. */
const RAW_LENGTH = '/(^|[\\s/(,])-?(\\d*\\.)?\\d+(px|r?em|%|pt|pc|vw|vh|vmin|vmax|ch|ex|q|cm|mm|in)\\b/i';
const FONT_SIZE_KEYWORDS = '/\\b(xx?-small|small|medium|large|xx?x?-large|larger|smaller)\\b/';

/** The plugin's message: it fills in ${value} and ${property} itself. */
const TOKEN_MESSAGE =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the plugin's template, not JavaScript's
  'Expected a design token for "${value}" of "${property}": a --color-*, --font-size-* or --space-* (shared/src/ui/tokens.css)';

/** @type {import('stylelint').Config} */
export default {
  plugins: ['stylelint-declaration-strict-value'],
  ignoreFiles: ['shared/src/ui/tokens.css', '**/node_modules/**', '**/dist/**', '**/dist-*/**'],
  rules: {
    // A raw colour anywhere: hex, a named colour, a colour function.
    'color-no-hex': true,
    'color-named': 'never',
    'function-disallowed-list': [
      ['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color'],
      { message: (name) => `Raw colour ${name}(): use a --color-* token (shared/src/ui/tokens.css)` },
    ],
    'scale-unlimited/declaration-strict-value': [
      ['font-size', ...SPACING, ...COLOUR_PROPERTIES],
      {
        ignoreFunctions: false,
        disableFix: true,
        expandShorthand: true,
        // 0 and auto for a spacing, a negative step as calc(-1 * var(--space-n)), and the keywords
        // that name no colour or size of their own; an inset may also be 100% (a tooltip placed
        // right under its anchor). A key names a property pattern above; '' is every other.
        ignoreValues: {
          '': KEYWORDS,
          '/^inset/': [...KEYWORDS, '100%'],
        },
        message: TOKEN_MESSAGE,
      },
    ],
    // A token of the wrong kind: spacing only from --space-*, font sizes only from --font-size-*.
    'declaration-property-value-disallowed-list': [
      {
        [SPACING_PATTERN]: ['/var\\(--(?!space-)/'],
        'font-size': ['/var\\(--(?!font-size-)/'],
        // The font shorthand sets a size too: inherit it, or give the tokens.
        font: [RAW_LENGTH, FONT_SIZE_KEYWORDS, '/var\\(--(?!font-|line-height-)/'],
      },
      {
        message: (property, value) =>
          `"${value}" is not a token of the ${property} scale (shared/src/ui/tokens.css)`,
      },
    ],
  },
};
