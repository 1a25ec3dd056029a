import { eachEngine, test } from '../fixtures';
import { label, role } from '../user';

eachEngine((engine) => {
  test(`${engine}: User ID, password, welcome`, async ({ open }) => {
    const user = await open(engine);
    await user.goto('/direct');
    await user.fill(label('User ID'), 'pat.password');
    await user.click(role('button', 'Submit'));
    await user.see(role('heading', 'Enter your password'));
    await user.fill(label('Password'), 'Passw0rd!');
    await user.click(role('button', 'Submit'));
    await user.at(/\/welcome$/);
    await user.see(role('heading', 'Hello, Pat Password'));
  });
});
