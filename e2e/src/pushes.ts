import { expect } from '@playwright/test';
import type { EmulatorApi } from './fixtures';

/** A push as the emulator's test API lists it (`GET pushes`): what a phone would be shown. */
export interface EmulatorPush {
  id: string;
  kind: 'login' | 'registration';
  userName: string;
  credValue: string;
  status: 'PENDING' | 'AUTHENTICATED' | 'REJECTED' | 'TIMED_OUT';
}

/** The user's pending push (of that kind, when given), once the emulator has it. */
export async function pendingPush(
  emulator: EmulatorApi,
  userName: string,
  kind?: EmulatorPush['kind'],
): Promise<EmulatorPush> {
  let found: EmulatorPush | undefined;
  await expect
    .poll(async () => {
      const pushes = await emulator.get<EmulatorPush[]>('pushes');
      found = pushes.find(
        (push) =>
          push.userName === userName &&
          push.status === 'PENDING' &&
          (kind === undefined || push.kind === kind),
      );
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no pending push for ${userName}`);
  return found;
}
