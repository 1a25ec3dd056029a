import { messages } from '../messages';

/**
 * 'Added Month D, YYYY' in en-US (spec section 2, Self-service), each locale's long date
 * elsewhere (ICU `{date, date, long}`, in UTC so the day does not depend on where the browser is);
 * a date the portal cannot read is shown as sent.
 */
export function addedLabel(raw: string): string {
  const date = new Date(raw);
  return Number.isNaN(date.getTime())
    ? messages.selfService.addedAsSent({ date: raw })
    : messages.selfService.added({ date });
}
