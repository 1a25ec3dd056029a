import type { ApiResult } from '../../api/result';
import { IDLE_TIMEOUT_MS } from '../../constants';
import { onUserActivity } from '@portal/shared/session/activity';
import { tokenExpiryAtom } from '@portal/shared/session/atoms';
import type { PortalStore } from '@portal/shared/session/store';
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
}

/**
 * The signed-in session's timers (spec section 4, Session lifecycle):
 * - a token refresh TOKEN_REFRESH_BUFFER_MS before the user token expires, rescheduled whenever
 *   a new expiry is stored; a failed refresh logs out;
 * - an idle timeout of IDLE_TIMEOUT_MS, restarted by every response to a call the user caused
 *   (the API client sets lastUserActivityAtom on each). The scheduled refresh is a background
 *   call: its response does not restart the countdown. Otherwise, with a token shorter than
 *   IDLE_TIMEOUT_MS + TOKEN_REFRESH_BUFFER_MS (15 minutes), the refresh would fall due inside
 *   every idle period and keep an unattended session alive for ever.
 * Returns the function that stops both.
 */
export function startSessionLifecycle(deps: SessionLifecycleDeps): () => void {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const timers = deps.timers ?? browserTimers;
  const refreshTimer = oneShot(timers);
  const idleTimer = oneShot(timers);
  let ended = false;

  const end = (reason: LogoutReason) => {
    if (ended) return;
    ended = true;
    stop();
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
    const delay = refreshDelay(store.get(tokenExpiryAtom), now());
    if (delay === null) refreshTimer.stop();
    else refreshTimer.start(delay, () => void runRefresh());
  };

  const restartIdle = () => idleTimer.start(IDLE_TIMEOUT_MS, () => end('idle'));

  const unsubscribeExpiry = store.sub(tokenExpiryAtom, scheduleRefresh);
  const unsubscribeActivity = onUserActivity(store, restartIdle);

  function stop() {
    unsubscribeExpiry();
    unsubscribeActivity();
    refreshTimer.stop();
    idleTimer.stop();
  }

  scheduleRefresh();
  restartIdle();
  return () => {
    ended = true;
    stop();
  };
}
