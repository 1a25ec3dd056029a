import { perUserTimes } from './perUserTimes';

/** How long 'Not now' holds for a user. */
export const PASSKEY_OFFER_PAUSE_MS = 30 * 24 * 60 * 60 * 1000;

/** Until when (epoch ms) the welcome page makes each user no offer, the user obfuscated (perUserTimes). */
const declines = perUserTimes('passkeyOfferDeclined');

/** Whether this user said 'Not now' less than 30 days ago (in this browser). */
export function passkeyOfferDeclined(userName: string, now: number): boolean {
  const until = declines.get(userName);
  return until !== undefined && until > now;
}

/** Remembers 'Not now' for this user for 30 days; other users' entries stay, expired ones go. */
export function declinePasskeyOffer(userName: string, now: number): void {
  declines.set(userName, now + PASSKEY_OFFER_PAUSE_MS, (until) => until > now);
}
