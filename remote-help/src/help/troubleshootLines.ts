import { messages } from '@portal/shared/messages/en_US';

export interface TroubleshootFacts {
  timestamp: Date;
  transactionId: string | null;
  userName: string | null;
}

export interface TroubleshootLine {
  label: string;
  value: string;
  /** The line exactly as shown and as copied: 'Label: value'. */
  text: string;
}

/** ISO 8601 in UTC: one unambiguous time for a help desk in any region. */
export function formatTimestamp(date: Date): string {
  return date.toISOString();
}

/** The lines of the troubleshoot box; the transaction id and the user appear only when known. */
export function troubleshootLines({
  timestamp,
  transactionId,
  userName,
}: TroubleshootFacts): TroubleshootLine[] {
  const labels = messages.assistance;
  const entries: [string, string | null][] = [
    [labels.timestamp, formatTimestamp(timestamp)],
    [labels.transactionId, transactionId],
    [labels.user, userName],
  ];
  return entries
    .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== '')
    .map(([label, value]) => ({ label, value, text: `${label}: ${value}` }));
}

/** What the copy button puts on the clipboard: the shown lines, one per line. */
export function clipboardText(lines: readonly TroubleshootLine[]): string {
  return lines.map((line) => line.text).join('\n');
}
