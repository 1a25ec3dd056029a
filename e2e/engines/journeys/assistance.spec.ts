import { eachEngine, test } from '../fixtures';
import { role } from '../user';
import { signInWithPassword } from './signIn';

const dialog = role('dialog', 'Login Assistance Information');
const moreInfo = role('button', 'More Info', { within: role('main') });

eachEngine((engine) => {
  test(`${engine}: the assistance dialog opens and closes by keyboard, focus returns to 'More Info'`, async ({
    open,
    emulator,
  }) => {
    // The code cannot be sent: the SMS screen shows the error banner with its 'More Info'.
    await emulator.post('faults', { call: 'factor/v1/OTPGenerator', status: 503, times: 5 });
    const user = await open(engine);
    await signInWithPassword(user, 'sam.sms', { rememberMe: false });
    await user.at(/\/sotp$/);
    await user.tabTo(moreInfo);
    await user.press('Enter');
    await user.seeText(dialog, 'sam.sms');
    await user.press('Escape');
    await user.gone(dialog);
    await user.focused(moreInfo);

    await user.press('Enter');
    await user.see(dialog);
    await user.tabTo(role('button', 'Close', { within: dialog }));
    await user.press('Enter');
    await user.gone(dialog);
    await user.focused(moreInfo);
  });
});
