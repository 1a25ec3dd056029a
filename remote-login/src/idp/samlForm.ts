/**
 * The identity provider's SAML form, handled without ever injecting it (security notes, 'The SAML
 * step returns HTML'): the server's HTML is parsed inertly with DOMParser, checked, and only the
 * SAML fields are copied into a form the portal builds itself with DOM APIs.
 */

/** The only inputs copied, and only when hidden. */
export const SAML_FIELDS = ['SAMLRequest', 'SAMLResponse', 'RelayState'] as const;

export interface SafeSamlForm {
  action: string;
  fields: { name: string; value: string }[];
}

export type SamlFormCheck = { ok: true; form: SafeSamlForm } | { ok: false; reason: string };

export interface SamlFormPolicy {
  /** Origins the form may post to (the configured service and identity providers). */
  allowedOrigins: readonly string[];
  /** Of those, the ones allowed over plain http (the emulator in development). */
  insecureOrigins?: readonly string[];
}

/** Elements that have no business in a SAML auto-post page. */
const FORBIDDEN_ELEMENTS = 'script, iframe, frame, object, embed, link, meta[http-equiv], base, svg, math';

function hasEventHandler(element: Element): boolean {
  return Array.from(element.attributes).some((attribute) => attribute.name.toLowerCase().startsWith('on'));
}

function hasScriptUrl(element: Element): boolean {
  return Array.from(element.attributes).some((attribute) =>
    /^\s*(javascript|data|vbscript):/i.test(attribute.value),
  );
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function checkAction(raw: string | null, policy: SamlFormPolicy): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    // Absolute only: a relative action would post to the portal itself.
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const allowed = new Set(policy.allowedOrigins.map(originOf));
  const insecure = new Set((policy.insecureOrigins ?? []).map(originOf));
  if (!allowed.has(url.origin)) return null;
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && insecure.has(url.origin)) return url.href;
  return null;
}

/**
 * Refused before parsing: script tags and inline handlers never even reach DOMParser (whose
 * document shares the page's CSP, so parsing them would already be reported as violations).
 */
const SCRIPT_TAG = /<\s*script\b/i;
const INLINE_HANDLER = /[\s"'/]on[a-z]+\s*=/i;
const QUOTED_VALUE = /"[^"]*"|'[^']*'/g;

/** Parses and checks the provider's HTML; anything unexpected is refused with a reason. */
export function checkSamlForm(html: string, policy: SamlFormPolicy): SamlFormCheck {
  if (SCRIPT_TAG.test(html)) return { ok: false, reason: 'script in the form page' };
  // Quoted values (base64 SAML messages, URLs) are blanked first so their text cannot look like a handler.
  if (INLINE_HANDLER.test(html.replace(QUOTED_VALUE, '""')))
    return { ok: false, reason: 'event handler attribute' };
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (doc.querySelector(FORBIDDEN_ELEMENTS)) return { ok: false, reason: 'active content in the form page' };
  const all = Array.from(doc.querySelectorAll('*'));
  if (all.some(hasEventHandler)) return { ok: false, reason: 'event handler attribute' };
  if (all.some(hasScriptUrl)) return { ok: false, reason: 'script URL' };
  const forms = doc.querySelectorAll('form');
  if (forms.length !== 1) return { ok: false, reason: `expected one form, found ${forms.length}` };
  const form = forms[0] as HTMLFormElement;
  if ((form.getAttribute('method') ?? '').trim().toLowerCase() !== 'post')
    return { ok: false, reason: 'form method is not POST' };
  const action = checkAction(form.getAttribute('action'), policy);
  if (!action) return { ok: false, reason: 'form action not allowed' };

  const fields: SafeSamlForm['fields'] = [];
  for (const input of Array.from(form.querySelectorAll('input'))) {
    const name = input.getAttribute('name') ?? '';
    const hidden = (input.getAttribute('type') ?? '').toLowerCase() === 'hidden';
    if (!hidden || !(SAML_FIELDS as readonly string[]).includes(name)) continue;
    if (fields.some((field) => field.name === name)) return { ok: false, reason: `duplicate ${name}` };
    fields.push({ name, value: input.getAttribute('value') ?? '' });
  }
  if (!fields.some((field) => field.name === 'SAMLRequest' || field.name === 'SAMLResponse'))
    return { ok: false, reason: 'no SAML message' };
  return { ok: true, form: { action, fields } };
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
