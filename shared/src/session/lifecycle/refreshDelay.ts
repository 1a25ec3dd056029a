import { MAX_REFRESH_INTERVAL_MS, TOKEN_REFRESH_BUFFER_MS } from '../../constants';

/**
 * How long to wait before refreshing a token that expires at `expiry` (epoch ms): the refresh
 * runs TOKEN_REFRESH_BUFFER_MS (5 minutes) before expiry, and no later than MAX_REFRESH_INTERVAL_MS
 * after the tokens were received (`receivedAt`, when known: the portal server refuses a sign-in
 * unused for its idle limit); at once if that moment has passed. null when there is nothing to
 * schedule (no expiry known).
 */
export function refreshDelay(
  expiry: number | null,
  now: number,
  receivedAt: number | null = null,
): number | null {
  if (expiry === null || !Number.isFinite(expiry)) return null;
  const due = Math.min(
    expiry - TOKEN_REFRESH_BUFFER_MS,
    receivedAt === null ? Number.POSITIVE_INFINITY : receivedAt + MAX_REFRESH_INTERVAL_MS,
  );
  return Math.max(0, due - now);
}
