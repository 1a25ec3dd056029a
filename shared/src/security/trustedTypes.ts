/**
 * Trusted Types (the CSP's `require-trusted-types-for 'script'; trusted-types default`). The host
 * creates the one policy, the default policy, before any script is loaded
 * (`host/src/security/trustedTypesPolicy.ts`): it lets script URLs through only from the release
 * folders and the host's own files, and HTML only from the inert parse below. Every other string
 * written to an HTML, script or script-URL sink is refused (and reported).
 */

/**
 * The sink name code passes when it parses HTML into a `<template>` that is never attached (nothing
 * in it runs or loads). An injected string reaching `innerHTML` comes with the browser's own sink
 * name ('Element innerHTML'), never this one, so the policy can tell the two apart.
 */
export const INERT_TEMPLATE_SINK = 'portal inert template';

interface DefaultPolicy {
  createHTML(input: string, ...args: unknown[]): unknown;
}

/** The page's default Trusted Types policy, if the browser has Trusted Types and the host made one. */
function defaultPolicy(): DefaultPolicy | null {
  const trustedTypes = (globalThis as { trustedTypes?: { defaultPolicy: DefaultPolicy | null } })
    .trustedTypes;
  return trustedTypes?.defaultPolicy ?? null;
}

/**
 * The value to give a detached `<template>`'s innerHTML: TrustedHTML from the default policy where
 * Trusted Types are on, else the string itself (no Trusted Types: jsdom, older browsers, a bare
 * dev server). TypeScript's DOM types know no TrustedHTML; innerHTML accepts it.
 */
export function inertTemplateHtml(html: string): string {
  const policy = defaultPolicy();
  return policy ? (policy.createHTML(html, 'TrustedHTML', INERT_TEMPLATE_SINK) as string) : html;
}
