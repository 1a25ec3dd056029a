import { eachEngine, test } from '../fixtures';
import { saveScreen } from '../screens';
import { label, role } from '../user';
import { PASSWORD } from './signIn';

eachEngine((engine) => {
  test(`${engine}: User ID, password, welcome, then Log out`, async ({ open }) => {
    const user = await open(engine);
    await user.goto('/direct');
    await user.see(role('heading', 'Sign in'));
    await saveScreen(user, 'user-id');
    await user.fill(label('User ID'), 'pat.password');
    await user.click(role('button', 'Submit'));
    await user.see(role('heading', 'Enter your password'));
    await user.fill(label('Password'), PASSWORD);
    await user.click(role('button', 'Submit'));
    await user.at(/\/welcome$/);
    await user.see(role('heading', 'Hello, Pat Password'));
    await user.click(role('button', 'Log out'));
    await user.see(role('heading', 'Logout Successful'));
  });
});
