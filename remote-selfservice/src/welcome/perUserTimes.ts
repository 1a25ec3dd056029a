import { ownValue } from '@portal/shared/config';
import { obfuscate, plainRecord, storedValue } from '@portal/shared/storage';
import * as v from 'valibot';

/** A key written by obfuscate(): 8 bytes as URL-safe base64 without padding. */
const OBFUSCATED_KEY = /^[A-Za-z0-9_-]{11}$/;

const TimesSchema = plainRecord(v.pipe(v.number(), v.integer(), v.minValue(0)));

/**
 * A time (epoch ms) per user in local storage, for what the welcome page does once per user and
 * browser. The user is never named in clear: the entry's key is the user name obfuscated as the
 * spec's trusted-device cookie name is (shared/src/storage/cookieNames.ts), so the next person at
 * a shared computer does not read who signed in there, whether or not they ticked Remember Me.
 * Entries an earlier version wrote under the name itself are still found, and rewritten
 * obfuscated at the next write.
 */
export function perUserTimes(key: string) {
  const times = storedValue({ area: 'local', key, schema: TimesSchema, format: 'json' });
  const entries = () =>
    Object.entries(times.read() ?? {}).map(([user, at]): [string, number] => [
      OBFUSCATED_KEY.test(user) ? user : obfuscate(user),
      at,
    ]);
  return {
    /** This user's time, if one is stored. */
    get(userName: string): number | undefined {
      return (
        ownValue(times.read(), obfuscate(userName)) ?? ownValue(times.read(), userName.trim().toLowerCase())
      );
    },
    /** Stores this user's time; of the others', only those `keep` accepts stay. */
    set(userName: string, at: number, keep: (at: number) => boolean): void {
      const kept = entries().filter(([, other]) => keep(other));
      times.write({ ...Object.fromEntries(kept), [obfuscate(userName)]: at });
    },
  };
}
