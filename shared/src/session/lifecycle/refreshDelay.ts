import { TOKEN_REFRESH_BUFFER_MS } from '../../constants';

/**
 * How long to wait before refreshing a token that expires at `expiry` (epoch ms): the refresh
 * runs TOKEN_REFRESH_BUFFER_MS (5 minutes) before expiry, at once if that moment has passed.
 * null when there is nothing to schedule (no expiry known).
 */
export function refreshDelay(expiry: number | null, now: number): number | null {
  if (expiry === null || !Number.isFinite(expiry)) return null;
  return Math.max(0, expiry - TOKEN_REFRESH_BUFFER_MS - now);
}
