/**
 * Bounds what is shown of a string the server sent (a user name, a device or credential name): a
 * reply may carry a field of any size, and rendering 1 MB of it whole breaks the layout and
 * stalls the page. The value itself is never changed, only what is put on the screen.
 */

/** At most this many characters of a server string are shown inline. */
export const DISPLAY_TEXT_LIMIT = 128;
/** At most this many characters go into a tooltip (title) that shows more of a shortened value. */
export const TITLE_TEXT_LIMIT = 1024;

const ELLIPSIS = '…';

/** The value itself when it fits in `limit` characters, else its first `limit` and '…'. */
export function boundedText(value: string, limit: number = DISPLAY_TEXT_LIMIT): string {
  if (value.length <= limit) return value;
  let cut = value.slice(0, limit);
  // Never end on half of a surrogate pair (an emoji would show as a broken glyph).
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}${ELLIPSIS}`;
}

/**
 * A title attribute for a value shown through boundedText: more of the value (still bounded)
 * when the inline text was shortened, undefined when it was shown whole.
 */
export function boundedTitle(value: string): string | undefined {
  return value.length > DISPLAY_TEXT_LIMIT ? boundedText(value, TITLE_TEXT_LIMIT) : undefined;
}
