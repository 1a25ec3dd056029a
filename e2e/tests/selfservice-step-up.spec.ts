import { expect, type Page, test } from '../src/fixtures';
import { PASSWORD, signInToWelcome } from '../src/signIn';
import { editStartupData } from '../src/startupData';

// Step-up before destruction (issue 21 item 11; our design, the spec has none): with the SSO
// offering step-up (the emulator's stepUp setting), deleting the last credential of a type or all
// of them asks for the password in the delete dialog; the product configuration's
// stepUpBeforeDelete: false keeps the spec's plain confirmation.

type EmulatorUser = { userName: string; credentials: { credId: string; credType: string }[] };

const items = (page: Page) => page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem');
const item = (page: Page, typeName: string) =>
  items(page).filter({ has: page.getByRole('heading', { name: typeName, exact: true }) });

async function patsCredentialTypes(emulator: { get<T>(path: string): Promise<T> }): Promise<string[]> {
  const users = await emulator.get<EmulatorUser[]>('users');
  return (users.find((user) => user.userName === 'pat.password')?.credentials ?? []).map((c) => c.credType);
}

/** pat.password with an SMS and an e-mail credential (and any added before), on Manage Credentials. */
async function openWithTwoCredentials(
  page: Page,
  emulator: { post(path: string, body?: unknown): Promise<unknown> },
  listed = 2,
): Promise<void> {
  await emulator.post('users/pat.password/credentials', { credType: 'sms', credValue: '+15550001111' });
  await emulator.post('users/pat.password/credentials', { credType: 'email', credValue: 'pat@example.com' });
  await signInToWelcome(page, 'pat.password');
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  await expect(items(page)).toHaveCount(listed);
}

test.describe('the SSO offers step-up', () => {
  test.beforeEach(async ({ emulator }) => {
    await emulator.post('settings', { stepUp: 'on' });
  });

  test('the last credential of a type: the password is asked, a wrong one says so, the right one deletes it', async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await openWithTwoCredentials(page, emulator);
    const opener = item(page, 'Email').getByRole('button', { name: /^Delete Email/ });

    // Cancel and Escape change nothing and give focus back to the button that opened the dialog.
    for (const close of ['Cancel', 'Escape'] as const) {
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Please confirm' });
      await expect(dialog).toContainText('Do you want to delete the credential of type Email?');
      await expect(dialog.getByLabel('Password')).toBeFocused();
      if (close === 'Cancel') await dialog.getByRole('button', { name: 'Cancel' }).click();
      else await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }

    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(dialog).toContainText('For your security, enter your password to confirm.');
    const password = dialog.getByLabel('Password');
    await password.fill('not-the-password');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('That password is not correct. Please try again.');
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(await patsCredentialTypes(emulator)).toEqual(['sms', 'email']);

    const deleted = page.waitForRequest((request) => request.method() === 'DELETE');
    await password.fill(PASSWORD);
    await password.press('Enter');
    expect((await deleted).headers()['x-step-up-grant']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(dialog).toBeHidden();
    await expect(item(page, 'Email')).toHaveCount(0);
    await expect(item(page, 'SMS')).toHaveCount(1);
    expect(await patsCredentialTypes(emulator)).toEqual(['sms']);
  });

  test('delete all asks for the password once and removes every credential', async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await openWithTwoCredentials(page, emulator);
    await page.getByRole('button', { name: 'Delete all credentials' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(dialog).toContainText('All your credentials will be deleted. Are you sure?');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('You have no registered credentials.')).toBeVisible();
    expect(await patsCredentialTypes(emulator)).toEqual([]);
  });

  test('not the last of its type: the spec confirmation alone', async ({ page, emulator, pageErrors: _ }) => {
    await emulator.post('users/pat.password/credentials', { credType: 'sms', credValue: '+15550002222' });
    await openWithTwoCredentials(page, emulator, 3);
    await items(page)
      .first()
      .getByRole('button', { name: /^Delete SMS/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(dialog.getByLabel('Password')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(items(page)).toHaveCount(2);
  });

  test("stepUpBeforeDelete false: today's confirmation, no password; the SSO's refusal is shown", async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await editStartupData(page, { portalConfig: { stepUpBeforeDelete: false } });
    await openWithTwoCredentials(page, emulator);
    await item(page, 'Email')
      .getByRole('button', { name: /^Delete Email/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(dialog.getByLabel('Password')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Confirm with your password' })).toBeVisible();
    expect(await patsCredentialTypes(emulator)).toEqual(['sms', 'email']);
  });
});

test("stepUpBeforeDelete false and an SSO without step-up: today's behaviour, Yes deletes the last of a type", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await editStartupData(page, { portalConfig: { stepUpBeforeDelete: false } });
  await openWithTwoCredentials(page, emulator);
  await item(page, 'Email')
    .getByRole('button', { name: /^Delete Email/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toContainText('Do you want to delete the credential of type Email?');
  await expect(dialog.getByLabel('Password')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(item(page, 'Email')).toHaveCount(0);
  expect(await patsCredentialTypes(emulator)).toEqual(['sms']);
});
