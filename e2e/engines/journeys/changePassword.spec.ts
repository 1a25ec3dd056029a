import { eachEngine, test } from '../fixtures';
import { label, role, text } from '../user';
import { PASSWORD, signInWithPassword } from './signIn';

eachEngine((engine) => {
  test(`${engine}: a password that must be changed is changed, then the user is signed in`, async ({
    open,
  }) => {
    const user = await open(engine);
    await signInWithPassword(user, 'chris.change');
    await user.at(/\/changePassword$/);
    await user.see(role('heading', 'Update Password Required'));
    await user.fill(label('Current password'), PASSWORD);
    await user.fill(label('New password'), PASSWORD);
    // Leaving the field checks it.
    await user.press('Tab');
    await user.see(text('* New and old passwords cannot match.'));
    // Typed on at the end of the field: a new password.
    await user.fill(label('New password'), '-2');
    await user.press('Tab');
    await user.gone(text('* New and old passwords cannot match.'));
    await user.fill(label('Confirm new password'), `${PASSWORD}-2`);
    await user.click(role('button', 'Submit'));
    await user.at(/\/welcome$/);
    await user.see(role('button', 'Log out'));
  });
});
