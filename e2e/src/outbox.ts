import { expect } from '@playwright/test';
import type { EmulatorApi } from './fixtures';

/** A code the emulator "sent" (its outbox stands in for the user's phone and mailbox). */
export interface OutboxEntry {
  channel: 'sms' | 'email' | 'voice';
  to: string;
  code: string;
  /** The message as the phone or mailbox shows it (an SMS ends with its WebOTP line). */
  text: string;
  userName: string;
}

/** The codes sent to a user so far, waiting until there are `count` of them. */
export async function codesSent(
  emulator: EmulatorApi,
  userName: string,
  count: number,
): Promise<OutboxEntry[]> {
  let mine: OutboxEntry[] = [];
  await expect
    .poll(async () => {
      mine = (await emulator.get<OutboxEntry[]>('outbox')).filter((entry) => entry.userName === userName);
      return mine.length;
    })
    .toBe(count);
  return mine;
}

/** The latest code sent to a user (waits for the n-th). */
export async function codeSent(emulator: EmulatorApi, userName: string, count = 1): Promise<string> {
  return (await codesSent(emulator, userName, count)).at(-1)?.code ?? '';
}
