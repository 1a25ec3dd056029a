import { expect, type Page, test } from '../src/fixtures';
import { signInWithPassword } from '../src/signIn';

const passcode = (page: Page) => page.getByLabel('Enter your pin and passcode');

async function submitPasscode(page: Page, code: string) {
  await passcode(page).fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('token code: a valid passcode signs in', async ({ page, pageErrors: _ }) => {
  await signInWithPassword(page, 'sid.securid');
  await expect(page).toHaveURL(/\/securid$/);
  await submitPasscode(page, '12345678');
  await expect(page).toHaveURL(/\/welcome$/);
});

test('token code: required, digits only, at most 10', async ({ page, pageErrors: _ }) => {
  await signInWithPassword(page, 'sid.securid');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Passcode (PIN + Token) is required.')).toBeVisible();
  await passcode(page).pressSequentially('12a');
  await expect(passcode(page)).toHaveValue('12');
  await expect(page.getByText('Invalid character. Only numbers are accepted as input.')).toBeVisible();
  await passcode(page).fill('');
  await passcode(page).pressSequentially('123456789012');
  await expect(passcode(page)).toHaveValue('1234567890');
});

test("token code: Reject says 'Invalid pin+code entered', then a good one still works", async ({
  page,
  pageErrors: _,
}) => {
  await signInWithPassword(page, 'sid.securid');
  await submitPasscode(page, '00000000');
  await expect(page.getByText('Invalid pin+code entered')).toBeVisible();
  await expect(page).toHaveURL(/\/securid$/);
  await submitPasscode(page, '12345678');
  await expect(page).toHaveURL(/\/welcome$/);
});

test('token code: Terminate goes to Access Denied', async ({ page, pageErrors: _ }) => {
  await signInWithPassword(page, 'sid.securid');
  await submitPasscode(page, '99999999');
  await expect(page).toHaveURL(/\/denied$/);
});

test("token code: a server failure says 'System error'", async ({ page, emulator, pageErrors: _ }) => {
  await emulator.post('faults', { call: 'factor/v1/CustomAuthenticator', status: 500 });
  await signInWithPassword(page, 'sid.securid');
  await submitPasscode(page, '12345678');
  await expect(page.getByText('System error')).toBeVisible();
});
