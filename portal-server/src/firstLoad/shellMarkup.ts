import { escapeAttribute } from './htmlEscape.js';

/**
 * The places the host build leaves in the shell's markup (host/src/prerender/shellSlots.ts names
 * the same strings): the screen, the configured footer addresses, one contributed footer link
 * whose item is the pattern of every contributed link, and the header's product name and logo
 * (absent from host builds before themes).
 */
export const SHELL_SLOTS = {
  screen: '%%portal:screen%%',
  privacyUrl: '%%portal:privacy-url%%',
  termsUrl: '%%portal:terms-url%%',
  linkPath: '/%%portal:link-path%%',
  linkLabel: '%%portal:link-label%%',
  productName: '%%portal:product-name%%',
  logoUrl: '/%%portal:logo-url%%',
} as const;

/** The header's logo as the host renders it with the slot for its address. */
const LOGO_ELEMENT = new RegExp(`<img\\b[^>]*${SHELL_SLOTS.logoUrl}[^>]*>`, 'g');
/**
 * The preload React's server renderer writes for that <img> (at the top of the markup, so inside
 * #root): never wanted, the <img> is in the first bytes of the screen itself.
 */
const LOGO_PRELOAD = new RegExp(`<link\\b[^>]*${SHELL_SLOTS.logoUrl}[^>]*>`, 'g');

export interface ShellInput {
  /** first-load.json's `shell`. */
  shell: string;
  /** The screen's checked markup. */
  screen: string;
  privacyStatementUrl: string;
  termsOfUseUrl: string;
  /** The live remotes' footer links (merged contributions, slot 'footer'). */
  footerLinks: readonly { path: string; label: string; order: number }[];
  /**
   * The header's product name: the theme's, else the kernel's in the page's locale; undefined when
   * neither is known (a shell with its place is then client-rendered).
   */
  productName?: string | undefined;
  /** The theme's logo; none: the header shows the name alone. */
  logoUrl?: string | undefined;
}

const FOOTER_ITEM = /<li data-order="(-?\d+)">([\s\S]*?)<\/li>/g;

interface Item {
  order: number;
  html: string;
}

/**
 * The first screen's markup for <div id="root">: the host's rendered shell with the screen in its
 * place and the footer's links as the host's Footer lists them (footerLinks.ts: its own links at
 * their orders, the contributed ones around them, a stable sort by order, the host's first at an
 * equal order), each contributed link from the host's own pattern with its path and label escaped.
 * Undefined when the shell lacks a place (a host build this server does not understand): the page
 * is then client-rendered.
 */
export function composeFirstScreen(input: ShellInput): string | undefined {
  const { shell } = input;
  const matches = [...shell.matchAll(FOOTER_ITEM)];
  const pattern = matches.find((match) => match[2]?.includes(SHELL_SLOTS.linkPath));
  const first = matches[0];
  const last = matches[matches.length - 1];
  if (!pattern || !first || !last || shell.split(SHELL_SLOTS.screen).length !== 2) return undefined;
  if (shell.includes(SHELL_SLOTS.productName) && input.productName === undefined) return undefined;
  const own: Item[] = matches
    .filter((match) => match !== pattern)
    .map((match) => ({
      order: Number(match[1]),
      html: match[0]
        .replace(SHELL_SLOTS.privacyUrl, () => escapeAttribute(input.privacyStatementUrl))
        .replace(SHELL_SLOTS.termsUrl, () => escapeAttribute(input.termsOfUseUrl)),
    }));
  const contributed: Item[] = input.footerLinks.map((link) => ({
    order: link.order,
    html: `<li data-order="${link.order}">${(pattern[2] ?? '')
      .replace(SHELL_SLOTS.linkPath, () => escapeAttribute(link.path))
      .replace(SHELL_SLOTS.linkLabel, () => escapeAttribute(link.label))}</li>`,
  }));
  const items = [...own, ...contributed].sort((a, b) => a.order - b.order);
  const start = first.index;
  const end = last.index + last[0].length;
  const withLinks = `${shell.slice(0, start)}${items.map((item) => item.html).join('')}${shell.slice(end)}`;
  return withBrand(withLinks, input).replace(SHELL_SLOTS.screen, () => input.screen);
}

/** The header's product name and logo in their places; without a logo, no <img> at all. */
function withBrand(shell: string, { productName, logoUrl }: ShellInput): string {
  const unloaded = shell.replace(LOGO_PRELOAD, '');
  const named =
    productName === undefined
      ? unloaded
      : unloaded.replaceAll(SHELL_SLOTS.productName, () => escapeAttribute(productName));
  return logoUrl === undefined
    ? named.replace(LOGO_ELEMENT, '')
    : named.replaceAll(SHELL_SLOTS.logoUrl, () => escapeAttribute(logoUrl));
}
