import { useLayoutEffect, useState } from 'react';

/** One field of the server-rendered form as the user left it before the app ran. */
export interface AdoptedField {
  value: string;
  checked: boolean;
  /** The caret or selection in a text field; null where the field has none (a checkbox). */
  selection: { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null;
}

/**
 * The state of the server-rendered first screen's fields (by element id), read by the host just
 * before its first render replaces that markup, and which field had focus. The screen that renders
 * the same fields takes it over (useAdoptedForm): nothing the user typed, toggled or selected is lost.
 */
export interface AdoptedForm {
  /** The address the markup was rendered for: only a screen at that address adopts it. */
  path: string;
  fields: Readonly<Record<string, AdoptedField>>;
  focused: string | null;
}

let held: AdoptedForm | undefined;

function selectionOf(input: HTMLInputElement): AdoptedField['selection'] {
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection } = input;
    if (start === null || end === null) return null;
    const direction =
      selectionDirection === 'backward' || selectionDirection === 'forward' ? selectionDirection : 'none';
    return { start, end, direction };
  } catch {
    return null;
  }
}

/** Reads every identified field under `root` (the host calls it in the task of its first render). */
export function captureRenderedForm(root: ParentNode, path: string): AdoptedForm {
  const fields: Record<string, AdoptedField> = {};
  for (const input of root.querySelectorAll<HTMLInputElement>('input[id]')) {
    Object.defineProperty(fields, input.id, {
      value: { value: input.value, checked: input.checked, selection: selectionOf(input) },
      enumerable: true,
    });
  }
  const active = document.activeElement;
  const focused =
    active instanceof HTMLElement && active.id !== '' && root.contains(active) ? active.id : null;
  return { path, fields, focused };
}

/** Holds the captured form until the screen at its address takes it over (then it is released). */
export function holdAdoptedForm(form: AdoptedForm): void {
  held = form;
}

export interface AdoptedValues {
  /** The field's adopted text, or `fallback` when there is none. */
  value(id: string, fallback: string): string;
  /** The checkbox's adopted state, or `fallback`. */
  checked(id: string, fallback: boolean): boolean;
}

function valuesOf(form: AdoptedForm | undefined): AdoptedValues {
  const field = (id: string) => (form && Object.hasOwn(form.fields, id) ? form.fields[id] : undefined);
  return {
    value: (id, fallback) => field(id)?.value ?? fallback,
    checked: (id, fallback) => field(id)?.checked ?? fallback,
  };
}

/**
 * A screen whose markup is server-rendered takes over what the user did to it: its fields start
 * with the adopted values (read these in useState initialisers), and in the same task as the first
 * commit, before any paint, focus and caret go back where they were. Rendered anywhere else, or a
 * second time, it adopts nothing.
 */
export function useAdoptedForm(): AdoptedValues {
  const [form] = useState(() => (held && held.path === window.location.pathname ? held : undefined));
  useLayoutEffect(() => {
    if (!form || held !== form) return;
    held = undefined;
    if (form.focused === null) return;
    const element = document.getElementById(form.focused);
    if (!(element instanceof HTMLElement)) return;
    element.focus({ preventScroll: true });
    const selection = Object.hasOwn(form.fields, form.focused) ? form.fields[form.focused]?.selection : null;
    if (selection && element instanceof HTMLInputElement)
      element.setSelectionRange(selection.start, selection.end, selection.direction);
  }, [form]);
  return valuesOf(form);
}
