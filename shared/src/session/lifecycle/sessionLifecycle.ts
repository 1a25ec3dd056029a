import type { ApiResult } from '../../api/result';
import { reportAuditEvent } from '../../audit/reportEvent';
import { IDLE_TIMEOUT_MS, IDLE_WARNING_MS } from '../../constants';
import { onUserActivity } from '../activity';
import { idleLogoutAtAtom, lastUserActivityAtom, tokenExpiryAtom, tokensReceivedAtAtom } from '../atoms';
import type { PortalStore } from '../store';
import { refreshDelay } from './refreshDelay';
import { browserTimers, oneShot, type Timers } from './timers';

export type LogoutReason = 'idle' | 'refreshFailed';

export interface SessionLifecycleDeps {
  store: PortalStore;
  /** POST v1/token/generate/refresh (api.refreshUserToken, which keeps the new tokens). */
  refresh: () => Promise<ApiResult<unknown>>;
  /** Called once when the session must end. */
  logout: (reason: LogoutReason) => void;
  now?: () => number;
  timers?: Timers;
  /** How long before the idle logout the warning shows (idleLogoutAtAtom); IDLE_WARNING_MS by default. */
  warningMs?: number;
  /** Where the user's own keyboard and pointer use is heard; the document by default. */
  inputTarget?: EventTarget | null;
}

/** The user's own use of the page: each counts as activity for the idle timer. */
const USER_INPUT_EVENTS = ['keydown', 'pointerdown'] as const;

/**
 * The signed-in session's timers (spec section 4, Session lifecycle):
 * - a token refresh TOKEN_REFRESH_BUFFER_MS before the user token expires, and at most
 *   MAX_REFRESH_INTERVAL_MS after the last tokens (the portal server refuses a sign-in unused for
 *   IDLE_TIMEOUT_MS), rescheduled whenever a new expiry is stored; a failed refresh logs out;
 * - an idle timeout of IDLE_TIMEOUT_MS, restarted by every response to a call the user caused
 *   (the API client sets lastUserActivityAtom on each) and by the user's own keyboard and pointer
 *   use of the page (a key pressed, a pointer pressed: these set lastUserActivityAtom too). The
 *   scheduled refresh is a background
 *   call: its response does not restart the countdown. Otherwise, with a token shorter than
 *   IDLE_TIMEOUT_MS + TOKEN_REFRESH_BUFFER_MS (15 minutes), the refresh would fall due inside
 *   every idle period and keep an unattended session alive for ever.
 * - `warningMs` before the idle logout, idleLogoutAtAtom holds the moment it will happen (the
 *   shell's warning dialog counts down to it, WCAG 2.2.1); any activity clears it.
 * Returns the function that stops both.
 */
export function startSessionLifecycle(deps: SessionLifecycleDeps): () => void {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const timers = deps.timers ?? browserTimers;
  const refreshTimer = oneShot(timers);
  const idleTimer = oneShot(timers);
  const warningTimer = oneShot(timers);
  const warningMs = Math.min(deps.warningMs ?? IDLE_WARNING_MS, IDLE_TIMEOUT_MS);
  const inputTarget = deps.inputTarget === undefined ? globalThis.document : deps.inputTarget;
  let ended = false;

  const end = (reason: LogoutReason) => {
    if (ended) return;
    ended = true;
    stop();
    // Only the page sees an idle logout: it tells the server's audit trail, before logout forgets
    // the user and the transaction id the report carries.
    if (reason === 'idle') reportAuditEvent(store, 'session.idle-logout');
    deps.logout(reason);
  };

  const runRefresh = async () => {
    try {
      const result = await deps.refresh();
      if (!result.ok) end('refreshFailed');
    } catch {
      end('refreshFailed');
    }
  };

  const scheduleRefresh = () => {
    const delay = refreshDelay(store.get(tokenExpiryAtom), now(), store.get(tokensReceivedAtAtom));
    if (delay === null) refreshTimer.stop();
    else refreshTimer.start(delay, () => void runRefresh());
  };

  const restartIdle = () => {
    if (store.get(idleLogoutAtAtom) !== null) store.set(idleLogoutAtAtom, null);
    const endsAt = now() + IDLE_TIMEOUT_MS;
    warningTimer.start(IDLE_TIMEOUT_MS - warningMs, () => store.set(idleLogoutAtAtom, endsAt));
    idleTimer.start(IDLE_TIMEOUT_MS, () => end('idle'));
  };

  const onInput = () => store.set(lastUserActivityAtom, new Date(now()));

  const unsubscribeExpiry = store.sub(tokenExpiryAtom, scheduleRefresh);
  const unsubscribeActivity = onUserActivity(store, restartIdle);
  for (const type of USER_INPUT_EVENTS) inputTarget?.addEventListener(type, onInput, { capture: true });

  function stop() {
    unsubscribeExpiry();
    unsubscribeActivity();
    for (const type of USER_INPUT_EVENTS) inputTarget?.removeEventListener(type, onInput, { capture: true });
    refreshTimer.stop();
    idleTimer.stop();
    warningTimer.stop();
    store.set(idleLogoutAtAtom, null);
  }

  scheduleRefresh();
  restartIdle();
  return () => {
    ended = true;
    stop();
  };
}
