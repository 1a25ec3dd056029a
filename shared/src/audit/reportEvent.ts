import { HEADERS } from '../api/request';
import { clientTransactionIdAtom, loginNameAtom, userNameAtom } from '../session/atoms';
import type { PortalStore } from '../session/store';

/** The portal server's one endpoint for what only the page knows (portal-server README, "Audit trail"). */
export const AUDIT_EVENTS_PATH = '/v1/audit/events';

/** The events the page reports; the server sees every other one itself. */
export type BrowserAuditEvent = 'session.idle-logout';

/** The longest User ID the endpoint takes; a longer one is left out rather than the report refused. */
const MAX_USER_NAME = 256;

/**
 * Reports an event to the portal server's audit trail, fire and forget: same origin (the refresh
 * cookie's origin; the server turns the User ID into a keyed hash and never logs it), with the
 * page's client transaction id, `keepalive` so it survives the navigation that follows (logout
 * leaves for /signed-out), and no effect on the page whatever happens to it.
 */
export function reportAuditEvent(
  store: PortalStore,
  event: BrowserAuditEvent,
  send: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init),
): void {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  const transactionId = store.get(clientTransactionIdAtom);
  if (transactionId) headers.set(HEADERS.transactionId, transactionId);
  const userName = store.get(userNameAtom) ?? store.get(loginNameAtom);
  const body = JSON.stringify({
    event,
    ...(userName && userName.length <= MAX_USER_NAME ? { userName } : {}),
  });
  try {
    send(AUDIT_EVENTS_PATH, {
      method: 'POST',
      headers,
      body,
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser, a test without one): the trail misses the event, the page goes on.
  }
}
