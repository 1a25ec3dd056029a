import { expect, type Page, test } from '../src/fixtures';
import { signInWithPassword } from '../src/signIn';

const LABELS = [
  'Text message (SMS)',
  'Email',
  'Mobile Authenticator',
  'Push notification',
  'Biometric',
  'RSA SecurID',
  'Corporate SSO',
];

async function reachSelection(page: Page) {
  await signInWithPassword(page, 'felix.factors', { rememberMe: false });
  await expect(page).toHaveURL(/\/factorselection$/);
  await expect(page.getByRole('heading', { name: 'Factor Selection' })).toBeVisible();
}

const options = (page: Page) => page.getByRole('group', { name: 'Select an authentication method' });

test('the list: labels (custom names, IDP without "Internal"), grouping, tooltip, Select disabled until a choice', async ({
  page,
  pageErrors: _,
}) => {
  await reachSelection(page);
  await expect(options(page).getByRole('radio')).toHaveCount(LABELS.length);
  for (const label of LABELS) await expect(options(page).getByRole('radio', { name: label })).toBeVisible();
  await expect(page.getByText(/Internal/)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'A code sent to you' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'The app on your phone' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Remember my choice' })).toHaveAccessibleDescription(
    'The selected authentication factor will be saved for future logins with your account.',
  );
  const select = page.getByRole('button', { name: 'Select' });
  await expect(select).toBeDisabled();
  await options(page).getByRole('radio', { name: 'Email' }).check();
  await expect(select).toBeEnabled();
});

test('remember my choice: the second sign-in skips the list', async ({ page, pageErrors: _ }) => {
  await reachSelection(page);
  await options(page).getByRole('radio', { name: 'RSA SecurID' }).check();
  await page.getByRole('checkbox', { name: 'Remember my choice' }).check();
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/securid$/);
  await page.getByLabel('Enter your pin and passcode').fill('12345678');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/welcome$/);

  const selections: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('auth/v1/SelectedFactor')) selections.push(request.postDataJSON());
  });
  await signInWithPassword(page, 'felix.factors', { rememberMe: false });
  await expect(page).toHaveURL(/\/securid$/);
  expect(selections).toEqual([{ factor: 'CUSTOM/securid' }]);
});

test('More Options on a factor screen goes back to the list', async ({ page, pageErrors: _ }) => {
  await reachSelection(page);
  await options(page).getByRole('radio', { name: 'RSA SecurID' }).check();
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/securid$/);
  await page.getByRole('button', { name: 'More Options' }).click();
  await expect(page).toHaveURL(/\/factorselection$/);
  await expect(options(page).getByRole('radio')).toHaveCount(LABELS.length);
});

test('an unrecognised action is named and the options come back', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await reachSelection(page);
  await emulator.post('faults', { call: 'auth/v1/SelectedFactor', body: { nextaction: 'MYSTERY_STEP' } });
  await options(page).getByRole('radio', { name: 'Email' }).check();
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(
    page.getByText('MYSTERY_STEP is not a recognized action. Please select a different factor'),
  ).toBeVisible();
  await expect(options(page).getByRole('radio')).toHaveCount(LABELS.length);
  await options(page).getByRole('radio', { name: 'RSA SecurID' }).check();
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/securid$/);
});

test('a failing selection shows the error and restores the options', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await reachSelection(page);
  await emulator.post('faults', { call: 'auth/v1/SelectedFactor', status: 500 });
  await options(page).getByRole('radio', { name: 'Email' }).check();
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page.getByText('Injected fault')).toBeVisible();
  await expect(options(page).getByRole('radio')).toHaveCount(LABELS.length);
});
