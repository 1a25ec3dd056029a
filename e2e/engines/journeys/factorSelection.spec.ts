import { eachEngine, test } from '../fixtures';
import { label, role } from '../user';
import { signInWithPassword } from './signIn';

const options = role('group', 'Select an authentication method');
const securid = role('radio', 'RSA SecurID', { within: options });

eachEngine((engine) => {
  test(`${engine}: factor selection with 'Remember my choice': the next sign-in skips the list`, async ({
    open,
  }) => {
    const user = await open(engine);
    await signInWithPassword(user, 'felix.factors', { rememberMe: false });
    await user.at(/\/factorselection$/);
    await user.see(role('heading', 'Factor Selection'));
    await user.disabled(role('button', 'Select'));
    await user.click(securid);
    await user.checked(securid);
    await user.click(role('checkbox', 'Remember my choice'));
    await user.checked(role('checkbox', 'Remember my choice'));
    await user.click(role('button', 'Select'));
    await user.at(/\/securid$/);
    await user.fill(label('Enter your pin and passcode'), '12345678');
    await user.click(role('button', 'Submit'));
    await user.at(/\/welcome$/);

    await signInWithPassword(user, 'felix.factors', { rememberMe: false });
    await user.at(/\/securid$/);
    await user.see(label('Enter your pin and passcode'));
  });
});
