import type { Page } from '@playwright/test';

/** A JSON merge patch (RFC 7386): objects merge, `null` removes a key, anything else replaces. */
export type MergePatch = { [key: string]: MergePatch | string | number | boolean | null | unknown[] };

/**
 * Changes the start-up data of every page this test loads, as a differently configured portal
 * server would write it (the page carries the environment, the portal configuration and the
 * remotes' plans, so there is no request to fake). The block is edited once the document is
 * parsed, before the host's start-up code reads it. (Fulfilling the document from the test instead
 * would make Chromium treat the page as non-local and refuse its calls to the SSO on loopback.)
 */
export async function editStartupData(page: Page, patch: MergePatch): Promise<void> {
  await page.addInitScript((changes: MergePatch) => {
    const merge = (target: Record<string, unknown>, source: MergePatch): Record<string, unknown> => {
      for (const [key, value] of Object.entries(source)) {
        const current = target[key];
        if (value === null) delete target[key];
        else if (
          typeof value === 'object' &&
          !Array.isArray(value) &&
          current &&
          typeof current === 'object'
        ) {
          merge(current as Record<string, unknown>, value as MergePatch);
        } else target[key] = value;
      }
      return target;
    };
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const block = document.getElementById('portal-bootstrap');
      if (!block?.textContent) return;
      // The page enforces Trusted Types: a script element's text is a TrustedScript sink (even a
      // data block that never runs), and no policy exists yet. The host reads the block's text
      // by its id, so the edited data goes into an inert element with that id instead.
      const edited = document.createElement('div');
      edited.hidden = true;
      edited.textContent = JSON.stringify(merge(JSON.parse(block.textContent), changes));
      block.replaceWith(edited);
      edited.id = 'portal-bootstrap';
    });
  }, patch);
}
