import { eachEngine, expect, test } from '../fixtures';
import { advanceTime, installTimeWarp } from '../timeWarp';
import { role } from '../user';
import { signInToWelcome } from './signIn';

// The idle warning (8 idle minutes) and the idle logout (10), with the page's clock jumped
// forward (timeWarp.ts): no real waiting.
const warning = role('alertdialog', 'Are you still there?');

eachEngine((engine) => {
  test(`${engine}: the idle warning; Enter on 'Stay signed in' keeps the session, 10 idle minutes end it`, async ({
    open,
  }) => {
    const user = await open(engine);
    await signInToWelcome(user, 'pat.password', 'Pat Password');
    expect(await user.driver.evaluate(installTimeWarp, null)).toBe(true);
    // A click is user activity: the idle timers start again, on the warped clock.
    await user.click(role('heading', 'Hello, Pat Password'));

    expect(await user.driver.evaluate(advanceTime, 490_000)).toBe(true);
    await user.see(warning);
    await user.focused(role('button', 'Stay signed in'));
    await user.seeText(warning, 'For your security, you will be signed out in 1:5');
    await user.press('Enter');
    await user.gone(warning);
    await user.at(/\/welcome$/);

    await user.driver.evaluate(advanceTime, 600_000);
    await user.at(/\/signed-out$/);
    await user.see(role('heading', 'Logout Successful'));
    await user.gone(role('button', 'Log out'));
  });
});
