import { parseInert } from './inertHtml';
import { resolveSamlAction } from './samlAction';
import { type SamlField, samlFieldsOf } from './samlFields';

/**
 * The identity provider's SAML auto-post page, handled without ever injecting it (security notes,
 * 'The SAML step returns HTML'): the server's HTML is parsed inertly (inertHtml), checked, and only
 * the SAML fields are copied into a form the portal builds itself with DOM APIs.
 *
 * What a real provider's page carries besides its form (an onload handler or an inline script
 * that submits it, a <noscript> button, stylesheets, external scripts, <meta> tags, a <base href>)
 * is ignored, never refused: none of it runs, since the portal posts its own form. What is
 * refused is what would change where or what the portal posts: not exactly one form, a method
 * other than POST, an action off the allowed origins (javascript:, data:, foreign, or relative to
 * a foreign <base href>), or a named field other than the SAML ones (samlFields).
 */

export interface SafeSamlForm {
  action: string;
  fields: SamlField[];
}

export type SamlFormCheck = { ok: true; form: SafeSamlForm } | { ok: false; reason: string };

export interface SamlFormPolicy {
  /** Origins the form may post to (the configured service and identity providers). */
  allowedOrigins: readonly string[];
  /** Of those, the ones allowed over plain http (the emulator in development). */
  insecureOrigins?: readonly string[];
}

/** Far above any signed and encrypted SAML message; a larger page is not an auto-post page. */
export const MAX_PAGE_LENGTH = 1024 * 1024;

/** Parses and checks the provider's HTML; anything that would change the post is refused with a reason. */
export function checkSamlForm(html: string, policy: SamlFormPolicy): SamlFormCheck {
  if (html.length > MAX_PAGE_LENGTH) return { ok: false, reason: 'page too large' };
  const page = parseInert(html);
  const forms = page.querySelectorAll('form');
  if (forms.length !== 1) return { ok: false, reason: `expected one form, found ${forms.length}` };
  const form = forms[0] as HTMLFormElement;
  if ((form.getAttribute('method') ?? '').trim().toLowerCase() !== 'post')
    return { ok: false, reason: 'form method is not POST' };
  // The document base URL comes from the first <base> with an href (HTML, 'the base element').
  const baseHref = page.querySelector('base[href]')?.getAttribute('href') ?? null;
  const action = resolveSamlAction(form.getAttribute('action'), baseHref, policy);
  if (!action.ok) return action;
  const fields = samlFieldsOf(form, page);
  if (!fields.ok) return fields;
  return { ok: true, form: { action: action.url, fields: fields.fields } };
}

/** Builds the checked form with DOM APIs (no HTML strings), adds it to the page and submits it. */
export function submitSamlForm(form: SafeSamlForm, doc: Document = document): HTMLFormElement {
  const element = doc.createElement('form');
  element.method = 'POST';
  element.action = form.action;
  element.hidden = true;
  for (const field of form.fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    element.appendChild(input);
  }
  doc.body.appendChild(element);
  element.submit();
  return element;
}
