import { HEADERS } from '../api/request';
import { clientTransactionIdAtom, refreshTokenAtom } from '../session/atoms';
import type { PortalStore } from '../session/store';

/** The portal server's one endpoint for what only the page knows (portal-server README, "Audit trail"). */
export const AUDIT_EVENTS_PATH = '/v1/audit/events';

/** The events the page reports; the server sees every other one itself. */
export type BrowserAuditEvent = 'session.idle-logout';

/**
 * Reports an event to the portal server's audit trail, fire and forget: same origin, with the
 * sign-in's refresh handle in `refresh_token` (as the refresh call sends it) and the browser's
 * sealed refresh cookie, so the server takes it only for a sign-in it issued and names the user
 * sealed in that cookie (the page names no user); with the page's client transaction id,
 * `keepalive` so it survives the navigation that follows (logout leaves for /signed-out), and no
 * effect on the page whatever happens to it. Call it before logout forgets the handle. Without a
 * handle (no sign-in) nothing is sent: the server would refuse it.
 */
export function reportAuditEvent(
  store: PortalStore,
  event: BrowserAuditEvent,
  send: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init),
): void {
  const handle = store.get(refreshTokenAtom);
  if (!handle) return;
  const headers = new Headers({ 'Content-Type': 'application/json' });
  const transactionId = store.get(clientTransactionIdAtom);
  if (transactionId) headers.set(HEADERS.transactionId, transactionId);
  try {
    send(AUDIT_EVENTS_PATH, {
      method: 'POST',
      headers,
      body: JSON.stringify({ event, refresh_token: handle }),
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser, a test without one): the trail misses the event, the page goes on.
  }
}
