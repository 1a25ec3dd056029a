import { messages } from '../messages/en_US';

/**
 * The help-desk details (spec section 2: the troubleshoot box of the help page and the login
 * assistance dialog): the time of the last server reply, the client transaction id and the user,
 * each only when known, shown and copied as 'Label: value' lines. One module, so the page and the
 * dialog show and copy the same thing.
 */

export interface TroubleshootFacts {
  /** Null when there is none to show (the dialog before any reply). */
  timestamp: Date | null;
  transactionId: string | null;
  userName: string | null;
}

export interface TroubleshootLine {
  label: string;
  value: string;
  /** The line exactly as copied: 'Label: value'. */
  text: string;
}

/** ISO 8601 in UTC: one unambiguous time for a help desk in any region. */
function formatTimestamp(date: Date): string {
  return date.toISOString();
}

/** The lines to show, in this order; a fact that is absent or empty has no line. */
export function troubleshootLines({
  timestamp,
  transactionId,
  userName,
}: TroubleshootFacts): TroubleshootLine[] {
  const labels = messages.assistance;
  const entries: [string, string | null][] = [
    [labels.timestamp, timestamp ? formatTimestamp(timestamp) : null],
    [labels.transactionId, transactionId],
    [labels.user, userName],
  ];
  return entries
    .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== '')
    .map(([label, value]) => ({ label, value, text: `${label}: ${value}` }));
}

/** What a copy button puts on the clipboard: the shown lines, one per line. */
export function clipboardText(lines: readonly TroubleshootLine[]): string {
  return lines.map((line) => line.text).join('\n');
}
