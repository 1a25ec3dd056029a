import { expect, type Page, test } from '../src/fixtures';
import { signInWithPassword } from '../src/signIn';
import { codesSent } from '../src/outbox';

function wrongCode(code: string): string {
  return code.replace(/^./, (digit) => String((Number(digit) + 1) % 10));
}

const digit1 = (page: Page) => page.getByLabel('Digit 1 of 6');
const sentPrompt = (page: Page) => page.getByText(/^Enter security code sent to .+/);

for (const { user, path, channel } of [
  { user: 'sam.sms', path: '/sotp', channel: 'sms' },
  { user: 'emma.email', path: '/eotp', channel: 'email' },
  { user: 'victor.voice', path: '/votp', channel: 'voice' },
] as const) {
  test(`${channel} code: typed digits auto-submit and sign in (${user})`, async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await signInWithPassword(page, user);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(sentPrompt(page)).toBeVisible();
    const [sent] = await codesSent(emulator, user, 1);
    expect(sent?.channel).toBe(channel);
    await expect(digit1(page)).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(digit1(page)).toHaveAttribute('inputmode', 'numeric');
    await digit1(page).pressSequentially(sent?.code ?? '');
    await expect(page).toHaveURL(/\/welcome$/);
  });
}

test('a pasted code fills the boxes and signs in', async ({ page, emulator, pageErrors: _ }) => {
  await signInWithPassword(page, 'emma.email');
  await expect(sentPrompt(page)).toBeVisible();
  const [sent] = await codesSent(emulator, 'emma.email', 1);
  await digit1(page).focus();
  await page.evaluate((code) => {
    const data = new DataTransfer();
    data.setData('text', code);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
    );
  }, sent?.code ?? '');
  await expect(page).toHaveURL(/\/welcome$/);
});

test('letters are refused with the spec message', async ({ page, emulator, pageErrors: _ }) => {
  await signInWithPassword(page, 'sam.sms');
  await expect(sentPrompt(page)).toBeVisible();
  await codesSent(emulator, 'sam.sms', 1);
  await digit1(page).pressSequentially('a');
  await expect(page.getByText('Invalid character. Only numbers are accepted as input.')).toBeVisible();
});

test('a wrong code shows the server message; Resend sends a new code that works', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await signInWithPassword(page, 'sam.sms');
  await expect(sentPrompt(page)).toBeVisible();
  const [first] = await codesSent(emulator, 'sam.sms', 1);
  await digit1(page).pressSequentially(wrongCode(first?.code ?? '000000'));
  await expect(page.getByText('Invalid or expired security code')).toBeVisible();
  await expect(page).toHaveURL(/\/sotp$/);
  await expect(digit1(page)).toHaveValue('');

  await page.getByRole('button', { name: 'Resend' }).click();
  const codes = await codesSent(emulator, 'sam.sms', 2);
  // The new code is confirmed where the boxes are, in a status region (announced), focus on the boxes.
  const confirmation = page.getByRole('status').filter({ hasText: /^A new code was sent to .+\.$/ });
  await expect(confirmation).toBeVisible();
  await expect(digit1(page)).toBeFocused();
  await digit1(page).pressSequentially(codes[1]?.code ?? '');
  await expect(page).toHaveURL(/\/welcome$/);
});

test('the chooser sends the code to the chosen credential', async ({ page, emulator, pageErrors: _ }) => {
  await signInWithPassword(page, 'olga.otp');
  await expect(page).toHaveURL(/\/sotp$/);
  const chooser = page.getByRole('group', { name: 'Select a way to sign in' });
  await expect(chooser).toBeVisible();
  await expect(chooser.getByRole('radio')).toHaveCount(4);
  await chooser.getByRole('radio', { name: /\(Email\)$/ }).check();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(sentPrompt(page)).toBeVisible();
  const [sent] = await codesSent(emulator, 'olga.otp', 1);
  expect(sent?.channel).toBe('email');
  await digit1(page).pressSequentially(sent?.code ?? '');
  await expect(page).toHaveURL(/\/welcome$/);
});

test("a generate reply with another action says 'Invalid action …'", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await emulator.post('faults', { call: 'factor/v1/OTPGenerator', body: { nextaction: 'PUSH_AUTH' } });
  await signInWithPassword(page, 'sam.sms');
  await expect(page.getByText('Invalid action PUSH_AUTH')).toBeVisible();
  await expect(sentPrompt(page)).toHaveCount(0);
});
