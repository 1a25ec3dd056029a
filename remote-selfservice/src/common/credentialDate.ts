import { messages } from '../messages';

// Dates are shown in UTC so the day does not depend on where the browser is.
const FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Month D, YYYY'; an invalid date is shown raw (spec section 2, Self-service). */
export function formatCredentialDate(raw: string): string {
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? raw : FORMAT.format(date);
}

/** 'Added Month D, YYYY'. */
export function addedLabel(raw: string): string {
  return messages.selfService.added(formatCredentialDate(raw));
}
