/**
 * Which of a form's controls the portal copies. A browser posts every named control of a form
 * (its descendants, and controls elsewhere that name it with a form attribute); the portal posts
 * only the hidden SAML fields of the HTTP-POST and POST-SimpleSign bindings, and refuses a page
 * whose form would post anything else, so what it sends is what the page meant to send.
 * Controls without a name are never posted (an auto-post page's unnamed submit buttons) and are
 * ignored.
 */

export const SAML_FIELDS = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg', 'Signature'] as const;

export interface SamlField {
  name: string;
  value: string;
}

export type FieldsCheck = { ok: true; fields: SamlField[] } | { ok: false; reason: string };

const CONTROLS = 'input, button, select, textarea';

function isSamlField(name: string): boolean {
  return (SAML_FIELDS as readonly string[]).includes(name);
}

function isHiddenInput(control: Element): boolean {
  return (
    control.localName === 'input' && (control.getAttribute('type') ?? '').trim().toLowerCase() === 'hidden'
  );
}

function checkMessage(fields: SamlField[]): string | null {
  const messages = fields.filter((field) => field.name === 'SAMLRequest' || field.name === 'SAMLResponse');
  if (messages.length !== 1) return 'expected one SAMLRequest or SAMLResponse';
  if (!messages[0]?.value.trim()) return 'empty SAML message';
  const signed = fields.filter((field) => field.name === 'SigAlg' || field.name === 'Signature').length;
  if (signed === 1) return 'SigAlg and Signature come together';
  return null;
}

/** The form's SAML fields in page order, or why the form is refused. */
export function samlFieldsOf(form: Element, page: ParentNode): FieldsCheck {
  if (page.querySelector('input[form], button[form], select[form], textarea[form]'))
    return { ok: false, reason: 'a control attached to the form from outside it' };
  const fields: SamlField[] = [];
  for (const control of Array.from(form.querySelectorAll(CONTROLS))) {
    const name = control.getAttribute('name') ?? '';
    if (!name) continue;
    if (!isSamlField(name)) return { ok: false, reason: `field '${name.slice(0, 40)}' is not a SAML field` };
    if (!isHiddenInput(control)) return { ok: false, reason: `${name} is not a hidden input` };
    if (fields.some((field) => field.name === name)) return { ok: false, reason: `duplicate ${name}` };
    fields.push({ name, value: control.getAttribute('value') ?? '' });
  }
  const problem = checkMessage(fields);
  return problem ? { ok: false, reason: problem } : { ok: true, fields };
}
