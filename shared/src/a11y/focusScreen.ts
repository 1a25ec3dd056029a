/** Form fields a screen's focus may start on (the first that can take it). */
const FIELDS = 'input:not([type="hidden"]), select, textarea';

function usable(element: Element): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    !(element as HTMLInputElement).disabled &&
    !element.closest('[inert], [hidden], dialog:not([open])') &&
    element.getClientRects().length > 0
  );
}

/**
 * Where focus belongs when a screen (or a step of it) shows: its first usable form field or,
 * without one, its first heading, made focusable for this (tabindex=-1) so focus is never left
 * on <body>. Returns what was focused, or null when `root` has neither.
 */
export function focusScreenStart(root: ParentNode): HTMLElement | null {
  const field = Array.from(root.querySelectorAll(FIELDS)).find(usable);
  if (field) {
    field.focus();
    return field;
  }
  return focusHeading(root);
}

/** Focuses the first heading in `root` (tabindex=-1 when it has none). */
export function focusHeading(root: ParentNode, selector = 'h1, h2'): HTMLElement | null {
  const heading = root.querySelector<HTMLElement>(selector);
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return heading;
}

/** Whether focus is on something inside `root` already (a screen placed it itself). */
export function focusIsWithin(root: Node): boolean {
  const active = document.activeElement;
  return active !== null && active !== document.body && active !== root && root.contains(active);
}
