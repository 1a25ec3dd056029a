import type { EmulatorApi } from '../../src/fixtures';
import { eachEngine, expect, test } from '../fixtures';
import { role, text } from '../user';
import { signInWithPassword } from './signIn';

interface Push {
  id: string;
  userName: string;
  credValue: string;
  status: string;
}

/** pete.push's pending push, once the emulator has it. */
async function pendingPush(emulator: EmulatorApi): Promise<Push> {
  let found: Push | undefined;
  await expect
    .poll(async () => {
      const pushes = await emulator.get<Push[]>('pushes');
      found = pushes.find((push) => push.userName === 'pete.push' && push.status === 'PENDING');
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error('no pending push');
  return found;
}

eachEngine((engine) => {
  test(`${engine}: a push approved on the phone (the emulator's API) signs in`, async ({
    open,
    emulator,
  }) => {
    const user = await open(engine);
    await signInWithPassword(user, 'pete.push');
    await user.at(/\/push$/);
    const push = await pendingPush(emulator);
    await user.see(text(`Accept push request on your ${push.credValue} to login.`));
    await emulator.post(`pushes/${push.id}/approve`);
    // The page polls every 3 s: the next answer says AUTHENTICATED.
    await user.at(/\/welcome$/);
    await user.see(role('heading', 'Hello, Pete Push'));
  });
});
