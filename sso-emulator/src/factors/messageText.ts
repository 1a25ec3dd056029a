import type { OutboxChannel } from '../state/outbox.js';

/**
 * The text of a code message. An SMS ends with the origin-bound line of the WebOTP format
 * (`@<portal host> #<code>`), so a browser with the WebOTP API hands the code to the portal's page
 * and to no other site; the portal host is the first configured portal origin's host name.
 */
export function messageText(channel: OutboxChannel, code: string, portalOrigin: string | undefined): string {
  const body = `Your Authentication Hub security code is ${code}.`;
  if (channel !== 'sms' || !portalOrigin) return body;
  return `${body}\n\n@${new URL(portalOrigin).hostname} #${code}`;
}
