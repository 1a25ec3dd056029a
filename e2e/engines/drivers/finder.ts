/**
 * The in-page finder every engine runs (as a script): elements by role and accessible name, by
 * label or by text, the way a user and a screen reader find them. A simplified accessible-name
 * computation (aria-labelledby, aria-label, labels, legend, alt, content): enough for the
 * portal's screens, which name every control.
 */

/** A string matches exactly (whitespace collapsed); a pattern matches as a regular expression. */
export type TextMatch = string | { pattern: string; flags: string };

export function re(pattern: RegExp): TextMatch {
  return { pattern: pattern.source, flags: pattern.flags };
}

export interface Query {
  role?: string;
  name?: TextMatch;
  /** A heading's level. */
  level?: number;
  /** A form control by its label (or aria-label / aria-labelledby). */
  label?: TextMatch;
  /** The innermost element whose text matches. */
  text?: TextMatch;
  /** Only candidates containing an element that matches this. */
  has?: Query;
  /** Only candidates whose text contains this. */
  hasText?: string;
  /** Search inside the first match of this. */
  within?: Query;
  /** Which of the matches (default the first). */
  nth?: number;
}

/** What a journey reads about the matches (the first, or the n-th). */
export interface Matches {
  count: number;
  text: string;
  enabled: boolean;
  checked: boolean;
  focused: boolean;
  value: string;
  /** The text of every match. */
  texts: string[];
  /** Where the first match is in the page (document coordinates), '' when none: a click waits until it stays put. */
  box: string;
}

/** Runs in the page: self-contained (serialised by the drivers), no imports, no closures. */
export function locate(query: Query): { element: Element | null; state: Matches } {
  const squash = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();
  const test = (match: TextMatch, text: string): boolean =>
    typeof match === 'string'
      ? squash(text) === squash(match)
      : new RegExp(match.pattern, match.flags).test(text);

  const visible = (el: Element): boolean => {
    if (el.getClientRects().length === 0) return false;
    if (el.closest('[aria-hidden="true"]')) return false;
    return getComputedStyle(el).visibility !== 'hidden';
  };

  const implicitRole = (el: Element): string => {
    const tag = el.tagName.toLowerCase();
    if (tag === 'button') return 'button';
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : '';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'input') {
      const type = (el.getAttribute('type') ?? 'text').toLowerCase();
      if (type === 'checkbox' || type === 'radio') return type;
      if (['submit', 'button', 'reset', 'image'].includes(type)) return 'button';
      if (['text', 'email', 'tel', 'url', 'search'].includes(type)) return 'textbox';
      if (type === 'number') return 'spinbutton';
      return '';
    }
    const byTag: Record<string, string> = {
      textarea: 'textbox',
      select: 'combobox',
      ul: 'list',
      ol: 'list',
      li: 'listitem',
      dialog: 'dialog',
      fieldset: 'group',
      main: 'main',
      nav: 'navigation',
      output: 'status',
      img: 'img',
      form: 'form',
    };
    if (tag === 'section')
      return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : '';
    return byTag[tag] ?? '';
  };
  const roleOf = (el: Element): string => squash(el.getAttribute('role')).split(' ')[0] || implicitRole(el);

  const byIds = (ids: string): string =>
    ids
      .split(/\s+/)
      .map((id) => squash(document.getElementById(id)?.textContent))
      .join(' ');
  const labelOf = (el: Element): string => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return squash(byIds(labelledBy));
    const aria = el.getAttribute('aria-label');
    if (aria) return squash(aria);
    if (
      el instanceof HTMLInputElement ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement
    ) {
      const labels = [...(el.labels ?? [])].map((label) => squash(label.textContent)).join(' ');
      if (labels) return labels;
      if (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(el.type))
        return squash(el.value);
      return squash(el.getAttribute('title') ?? el.getAttribute('placeholder'));
    }
    return '';
  };
  const nameOf = (el: Element, role: string): string => {
    const label = labelOf(el);
    if (label) return label;
    if (el instanceof HTMLImageElement) return squash(el.alt);
    if (el instanceof HTMLFieldSetElement) return squash(el.querySelector('legend')?.textContent);
    const fromContent = [
      'button',
      'link',
      'heading',
      'checkbox',
      'radio',
      'listitem',
      'tab',
      'option',
      'menuitem',
    ];
    return fromContent.includes(role) ? squash(el.textContent) : squash(el.getAttribute('title'));
  };

  const own = (el: Element, q: Query): boolean => {
    if (q.role !== undefined) {
      const role = roleOf(el);
      if (role !== q.role && !(q.role === 'dialog' && role === 'alertdialog' && q.name === undefined))
        return false;
      if (q.name !== undefined && !test(q.name, nameOf(el, role))) return false;
      if (
        q.level !== undefined &&
        el.tagName.toLowerCase() !== `h${q.level}` &&
        el.getAttribute('aria-level') !== String(q.level)
      )
        return false;
    }
    if (q.label !== undefined && !test(q.label, labelOf(el))) return false;
    if (q.text !== undefined) {
      if (!test(q.text, el.textContent ?? '')) return false;
      // The innermost: no child element carries the whole match too.
      if ([...el.children].some((child) => test(q.text ?? '', child.textContent ?? ''))) return false;
    }
    if (q.hasText !== undefined && !squash(el.textContent).includes(squash(q.hasText))) return false;
    return true;
  };

  const all = (q: Query, root: ParentNode): Element[] => {
    let scope: ParentNode = root;
    if (q.within) {
      const outer = all(q.within, root)[q.within.nth ?? 0];
      if (!outer) return [];
      scope = outer;
    }
    return [...scope.querySelectorAll('*')].filter(
      (el) =>
        visible(el) &&
        own(el, q) &&
        (q.has === undefined || all({ ...q.has, nth: undefined }, el).length > 0),
    );
  };

  const found = all(query, document);
  const element = found[query.nth ?? 0] ?? null;
  const enabled =
    element !== null &&
    !(element as HTMLButtonElement).disabled &&
    element.getAttribute('aria-disabled') !== 'true' &&
    !element.closest('fieldset:disabled');
  const checked =
    element instanceof HTMLInputElement ? element.checked : element?.getAttribute('aria-checked') === 'true';
  const value =
    element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : '';
  const rect = element?.getBoundingClientRect();
  const box = rect
    ? [rect.x + window.scrollX, rect.y + window.scrollY, rect.width, rect.height].join(',')
    : '';
  return {
    element,
    state: {
      box,
      count: found.length,
      text: squash(element?.textContent),
      enabled,
      checked,
      focused: element !== null && element === document.activeElement,
      value,
      texts: found.map((el) => squash(el.textContent)),
    },
  };
}
