import { ownValue } from '@portal/shared/config';
import { plainRecord, storedValue } from '@portal/shared/storage';
import * as v from 'valibot';

/** How long 'Not now' holds for a user. */
export const PASSKEY_OFFER_PAUSE_MS = 30 * 24 * 60 * 60 * 1000;

/** User name (lower case) → until when (epoch ms) the welcome page makes that user no offer. */
const DeclinesSchema = plainRecord(v.pipe(v.number(), v.integer(), v.minValue(0)));

const declines = storedValue({
  area: 'local',
  key: 'passkeyOfferDeclined',
  schema: DeclinesSchema,
  format: 'json',
});

const keyOf = (userName: string) => userName.trim().toLowerCase();

/** Whether this user said 'Not now' less than 30 days ago (in this browser). */
export function passkeyOfferDeclined(userName: string, now: number): boolean {
  const until = ownValue(declines.read(), keyOf(userName));
  return until !== undefined && until > now;
}

/** Remembers 'Not now' for this user for 30 days; other users' entries stay, expired ones go. */
export function declinePasskeyOffer(userName: string, now: number): void {
  const current = Object.entries(declines.read() ?? {}).filter(([, until]) => until > now);
  declines.write({ ...Object.fromEntries(current), [keyOf(userName)]: now + PASSKEY_OFFER_PAUSE_MS });
}
