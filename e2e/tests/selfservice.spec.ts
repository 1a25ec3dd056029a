import { expect, type Page, test } from '../src/fixtures';
import { signInToWelcome } from '../src/signIn';
import type { OutboxEntry } from '../src/outbox';

const PASSWORD = 'Passw0rd!';

async function openManageCredentials(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  await expect(page).toHaveURL(/\/self-service$/);
  await expect(page.getByRole('heading', { name: 'Manage Credentials', level: 1 })).toBeVisible();
}

const items = (page: Page) => page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem');
const item = (page: Page, typeName: string) =>
  items(page).filter({ has: page.getByRole('heading', { name: typeName, exact: true }) });

test('welcome greets the user by the userinfo name and links to Manage Credentials', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const users = await emulator.get<{ userName: string; displayName: string }[]>('users');
  const pat = users.find((user) => user.userName === 'pat.password');
  await signInToWelcome(page, 'pat.password');
  await expect(page.getByRole('heading', { name: `Hello, ${pat?.displayName}` })).toBeVisible();
  await openManageCredentials(page);
});

test('lists the fixture credentials in rank order with display names, status, default and dates', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  // olga.otp signs in with an e-mail code chosen in the multi-credential chooser.
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('olga.otp');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  const chooser = page.getByRole('group', { name: 'Select a way to sign in' });
  await chooser.getByRole('radio', { name: /\(Email\)$/ }).check();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText(/Enter security code sent to/)).toBeVisible();
  const outbox = await emulator.get<OutboxEntry[]>('outbox');
  const code = outbox.filter((entry) => entry.userName === 'olga.otp').at(-1)?.code ?? '';
  await page.getByLabel('Digit 1 of 6').pressSequentially(code);
  await expect(page).toHaveURL(/\/welcome$/);
  await openManageCredentials(page);

  await expect(items(page)).toHaveCount(4);
  await expect(items(page).getByRole('heading')).toHaveText(['SMS', 'SMS', 'Email', 'ivr']);
  for (const entry of await items(page).all()) {
    await expect(entry).toContainText('Added January 15, 2025');
    await expect(entry).toContainText('Active');
  }
  await expect(items(page).first()).toContainText('Active · Default');
  await expect(items(page).nth(1)).not.toContainText('Default');
});

test('deactivate, then activate a credential', async ({ page, emulator, pageErrors: _ }) => {
  await emulator.post('users/pat.password/credentials', { credType: 'sms', credValue: '+15550001111' });
  await signInToWelcome(page, 'pat.password');
  await openManageCredentials(page);
  const sms = item(page, 'SMS');
  await expect(sms).toContainText('+15550001111');
  await expect(sms).toContainText('Active');
  await sms.getByRole('button', { name: 'Deactivate' }).click();
  await expect(sms).toContainText('Inactive');
  await expect(sms.getByRole('button', { name: 'Activate' })).toBeVisible();
  const users =
    await emulator.get<{ userName: string; credentials: { credType: string; status: string }[] }[]>('users');
  expect(users.find((user) => user.userName === 'pat.password')?.credentials[0]?.status).toBe('INACTIVE');
  await sms.getByRole('button', { name: 'Activate' }).click();
  await expect(sms.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await expect(sms).not.toContainText('Inactive');
});

test('delete one: Cancel keeps it, Yes deletes it', async ({ page, emulator, pageErrors: _ }) => {
  await emulator.post('users/pat.password/credentials', { credType: 'sms', credValue: '+15550001111' });
  await emulator.post('users/pat.password/credentials', { credType: 'email', credValue: 'pat@example.com' });
  await signInToWelcome(page, 'pat.password');
  await openManageCredentials(page);
  await expect(items(page)).toHaveCount(2);
  await item(page, 'Email').getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Do you want to delete the credential of type Email?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(items(page)).toHaveCount(2);
  await item(page, 'Email').getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(items(page)).toHaveCount(1);
  await expect(item(page, 'Email')).toHaveCount(0);
  await expect(item(page, 'SMS')).toHaveCount(1);
});

test('delete all asks once and removes every credential', async ({ page, emulator, pageErrors: _ }) => {
  await emulator.post('users/pat.password/credentials', { credType: 'sms', credValue: '+15550001111' });
  await emulator.post('users/pat.password/credentials', { credType: 'email', credValue: 'pat@example.com' });
  await signInToWelcome(page, 'pat.password');
  await openManageCredentials(page);
  await page.getByRole('button', { name: 'Delete all credentials' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('All your credentials will be deleted. Are you sure?');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('You have no registered credentials.')).toBeVisible();
  const users = await emulator.get<{ userName: string; credentials: unknown[] }[]>('users');
  expect(users.find((user) => user.userName === 'pat.password')?.credentials).toEqual([]);
});

test('make default and clear defaults (one PUT per credential)', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await emulator.post('users/pat.password/credentials', { credType: 'sms', credValue: '+15550001111' });
  await emulator.post('users/pat.password/credentials', { credType: 'email', credValue: 'pat@example.com' });
  await signInToWelcome(page, 'pat.password');
  await openManageCredentials(page);
  await item(page, 'SMS').getByRole('button', { name: 'Make default' }).click();
  await expect(item(page, 'SMS')).toContainText('Active · Default');
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('MeCreds/')) puts.push(request.url());
  });
  await page.getByRole('button', { name: 'Clear default credentials' }).click();
  await expect(item(page, 'SMS')).not.toContainText('Default');
  expect(puts).toHaveLength(2);
});
