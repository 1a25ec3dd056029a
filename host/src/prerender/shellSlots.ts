/**
 * The places the portal server fills in the shell's rendered markup (first-load.json's `shell`),
 * per page: the screen's markup, the footer's links (the portal configuration's addresses,
 * and one contributed link whose item is the pattern for every contributed link), and the header's
 * product name and logo (the theme's, else the kernel's name and no logo). The portal
 * server names the same strings (portal-server/src/firstLoad/shellMarkup.ts); none needs escaping
 * in HTML, so React writes them as they are.
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
