import { expect, type Page, test } from '../src/fixtures';
import { PASSWORD, signInWithPassword } from '../src/signIn';

// 'More Options' on the password page (spec section 2, 'Password page'), by the one rule of the
// factor screens: offered when factor selection is allowed at this step. owen.options chooses
// among password, SMS and e-mail right after his user ID; pat.password has only a password.

const options = (page: Page) => page.getByRole('group', { name: 'Select an authentication method' });
const moreOptions = (page: Page) => page.getByRole('button', { name: 'More Options' });

async function userId(page: Page, user: string): Promise<void> {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill(user);
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function choose(page: Page, label: string, { remember = false } = {}): Promise<void> {
  await expect(page).toHaveURL(/\/factorselection$/);
  await options(page).getByRole('radio', { name: label }).check();
  if (remember) await page.getByRole('checkbox', { name: 'Remember my choice' }).check();
  await page.getByRole('button', { name: 'Select' }).click();
}

test('a password chosen among other factors offers More Options, which leads back to the choice', async ({
  page,
  emulator: _emulator,
  pageErrors: _,
}) => {
  await userId(page, 'owen.options');
  await choose(page, 'Password');
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(moreOptions(page)).toBeVisible();

  // One click leaves the empty, focused field for another way on: no 'Password is required.'
  // appears on the way (it used to, moving the button from under the pointer: the click was lost).
  const chooseAnother = page.waitForRequest((r) => r.url().endsWith('auth/v1/SelectedFactor'));
  await moreOptions(page).click();
  expect((await chooseAnother).postDataJSON()).toEqual({ action: 'chooseanother' });
  await expect(page).toHaveURL(/\/factorselection$/);
  await expect(options(page).getByRole('radio')).toHaveCount(3);
  await expect(page.getByText('Password is required.')).toHaveCount(0);

  // The user goes on with another factor, or comes back to the password: both work.
  await choose(page, 'Password');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});

test('with the password remembered as the choice, the next sign-in skips the list and still offers More Options', async ({
  page,
  emulator: _emulator,
  pageErrors: _,
}) => {
  await userId(page, 'owen.options');
  await choose(page, 'Password', { remember: true });
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signed-out$/);

  await userId(page, 'owen.options');
  await expect(page).toHaveURL(/\/verify$/);
  await moreOptions(page).click();
  await expect(page).toHaveURL(/\/factorselection$/);
  await expect(options(page).getByRole('radio', { name: 'Email' })).toBeVisible();
});

test('a password-only user sees no More Options', async ({ page, emulator: _emulator, pageErrors: _ }) => {
  await signInWithPassword(page, 'pat.password', { password: 'wrong', rememberMe: false });
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(moreOptions(page)).toHaveCount(0);
});

test('on a factor screen too: with a remembered factor, More Options shows the list instead of choosing it again', async ({
  page,
  emulator: _emulator,
  pageErrors: _,
}) => {
  await signInWithPassword(page, 'felix.factors', { rememberMe: false });
  await choose(page, 'RSA SecurID', { remember: true });
  await expect(page).toHaveURL(/\/securid$/);

  // A new visit: the remembered choice takes the user straight to the token-code screen.
  await signInWithPassword(page, 'felix.factors', { rememberMe: false });
  await expect(page).toHaveURL(/\/securid$/);
  await moreOptions(page).click();
  await expect(page).toHaveURL(/\/factorselection$/);
  await expect(options(page).getByRole('radio', { name: 'Email' })).toBeVisible();
});
