import { pendingPush } from '../../src/pushes';
import { eachEngine, test } from '../fixtures';
import { role, text } from '../user';
import { signInWithPassword } from './signIn';

eachEngine((engine) => {
  test(`${engine}: a push approved on the phone (the emulator's API) signs in`, async ({
    open,
    emulator,
  }) => {
    const user = await open(engine);
    await signInWithPassword(user, 'pete.push');
    await user.at(/\/push$/);
    const push = await pendingPush(emulator, 'pete.push');
    await user.see(text(`Accept push request on your ${push.credValue} to login.`));
    await emulator.post(`pushes/${push.id}/approve`);
    // The page polls every 3 s: the next answer says AUTHENTICATED.
    await user.at(/\/welcome$/);
    await user.see(role('heading', 'Hello, Pete Push'));
  });
});
