/**
 * What a screen keeps to say later (an error banner's text, a field's message): a function that
 * reads the catalogue's words when the text is shown, so a language switch shows it again in the
 * new words; or a string, the server's own free text (or a value), shown as it was sent.
 *
 * Keep `() => messages.errors.network`, never `messages.errors.network`: the string a catalogue
 * gives is in the language of the moment it was read, and stays so.
 */
export type Saying = string | (() => string);

/** The text of a saying, in the active locale now (call it while rendering). */
export function said(saying: Saying): string {
  return typeof saying === 'function' ? saying() : saying;
}

/**
 * A check's finding (a field's validation message) as a saying, read again in each locale, or
 * null when the check finds nothing.
 */
export function finding(check: () => string | null): Saying | null {
  return check() === null ? null : () => check() ?? '';
}
