import { eachEngine, test } from '../fixtures';
import { role, text } from '../user';
import { signInWithPassword } from './signIn';

// A biometric sign-in where the engine has no authenticator a test can drive (Chromium's virtual
// authenticator is tested in tests/fido.spec.ts): what the FIDO screen shows. Safari wants the
// prompt started by a user gesture (spec, FIDO login): WebKit shows 'Next'; the others start the
// prompt on their own.
eachEngine((engine) => {
  test(`${engine}: the FIDO screen ${engine === 'webkit' ? "waits for 'Next'" : 'starts the prompt itself'}`, async ({
    open,
    emulator,
  }) => {
    await emulator.post('users/fiona.fido/credentials', {
      credType: 'fido',
      credId: 'engines-fido-key',
      credValue: 'This device',
      webauthn: { publicKey: 'pQECAyYgASFYIA', counter: 0 },
    });
    const user = await open(engine);
    await signInWithPassword(user, 'fiona.fido');
    await user.at(/\/fido$/);
    if (engine === 'webkit') {
      await user.see(text('User input required to begin'));
      await user.see(text("Click 'Next' to continue"));
      await user.click(role('button', 'Next'));
      // The prompt starts; WebKitGTK has no authenticator, so it fails and offers another try.
      await user.gone(text("Click 'Next' to continue"));
      await user.see(role('button', 'Try again'));
    } else {
      await user.see(text('Validate your biometric'));
      await user.gone(role('button', 'Next'));
    }
  });
});
