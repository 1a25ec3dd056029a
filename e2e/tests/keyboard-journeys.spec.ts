import { expect, type Locator, type Page, test } from '../src/fixtures';
import { codeSent } from '../src/outbox';
import { PASSWORD } from '../src/signIn';

// Issue 16 §2: three whole journeys with the keyboard only (page.keyboard, no click, no fill),
// asserting where focus is after each step.

/** Presses Tab until `target` has focus (at most `max` times), as a keyboard user moves on. */
async function tabTo(page: Page, target: Locator, max = 15): Promise<void> {
  for (let step = 0; step < max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('password sign-in', async ({ page, pageErrors: _ }) => {
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1, name: 'A Better Login Experience' });
  await expect(heading).toBeFocused();

  await tabTo(page, page.getByRole('link', { name: 'Login', exact: true }));
  await page.keyboard.press('Enter');
  const userId = page.getByLabel('User ID');
  await expect(userId).toBeFocused();
  await page.keyboard.type('pat.password');
  await page.keyboard.press('Enter');

  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  // A wrong password first: focus stays in the emptied field.
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(password).toBeFocused();
  await expect(password).toHaveValue('');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/welcome$/);
  // The welcome screen starts on its one way on.
  await expect(page.getByRole('link', { name: 'Manage Credentials' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Register a new credential' })).toBeFocused();
});

test('SMS code sign-in', async ({ page, emulator, pageErrors: _ }) => {
  await page.goto('/direct');
  const userId = page.getByLabel('User ID');
  await expect(userId).toBeFocused();
  await page.keyboard.type('sam.sms');
  // Remember Me off: Tab to it, Space unticks it, then Enter submits from the field.
  await tabTo(page, page.getByLabel('Remember Me'));
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Remember Me')).not.toBeChecked();
  await page.keyboard.press('Shift+Tab');
  await expect(userId).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/sotp$/);
  const digit1 = page.getByLabel('Digit 1 of 6');
  await expect(digit1).toBeFocused();
  const code = await codeSent(emulator, 'sam.sms');
  // A wrong code: the boxes are emptied and focus is back in the first one.
  await page.keyboard.type(code.replace(/^./, (digit) => String((Number(digit) + 1) % 10)));
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(digit1).toBeFocused();
  await expect(digit1).toHaveValue('');
  // Typing moves through the boxes; the sixth digit submits.
  await page.keyboard.type(code.slice(0, 3));
  await expect(page.getByLabel('Digit 4 of 6')).toBeFocused();
  await page.keyboard.type(code.slice(3));

  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('link', { name: 'Manage Credentials' })).toBeFocused();
});

test('deleting a credential', async ({ page, emulator, pageErrors: _ }) => {
  // olga.otp has four credentials; she signs in with her e-mail code.
  await page.goto('/direct');
  await expect(page.getByLabel('User ID')).toBeFocused();
  await page.keyboard.type('olga.otp');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  const chooser = page.getByRole('group', { name: 'Select a way to sign in' });
  await expect(chooser).toBeVisible();
  const email = chooser.getByRole('radio', { name: /\(Email\)$/ });
  await tabTo(page, chooser.getByRole('radio').first());
  // Arrow keys move through the radio group to the e-mail option.
  for (let step = 0; step < 4 && !(await email.isChecked()); step += 1)
    await page.keyboard.press('ArrowDown');
  await expect(email).toBeFocused();
  await expect(email).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Send Code' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await page.keyboard.type(await codeSent(emulator, 'olga.otp'));

  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('link', { name: 'Manage Credentials' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Register a new credential' })).toBeFocused();

  const items = page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem');
  await expect(items).toHaveCount(4);
  const deleteEmail = items.nth(2).getByRole('button', { name: /^Delete Email / });
  await tabTo(page, deleteEmail, 30);
  await page.keyboard.press('Enter');
  // The confirmation starts on Cancel, the answer that changes nothing.
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Yes' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(items).toHaveCount(3);
  // The next credential took the deleted one's place: focus is on it.
  const next = items.nth(2).getByRole('heading', { level: 2 });
  await expect(next).toBeFocused();
  await expect(next).toHaveText('ivr');
  // And Tab goes on into that credential's buttons.
  await page.keyboard.press('Tab');
  await expect(items.nth(2).getByRole('button', { name: /^Deactivate ivr/ })).toBeFocused();
});

// Issue 26: the same keyboard use in Arabic, right to left (the page's language from the browser's,
// negotiated by the portal server). Tab follows the reading order, arrow keys in the code boxes
// follow the boxes as shown (digits stay left to right on a right-to-left page).
test.describe('right to left (ar)', () => {
  test.use({ locale: 'ar' });

  test('e-mail code sign-in', async ({ page, emulator, pageErrors: _ }) => {
    await page.goto('/direct');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const userId = page.getByLabel('معرّف المستخدم');
    await expect(userId).toBeFocused();
    await page.keyboard.type('olga.otp');
    const rememberMe = page.getByLabel('تذكّرني');
    const submit = page.getByRole('button', { name: 'إرسال' });
    await expect(submit).toBeEnabled();
    // Right to left: the field starts at the right, the check box sits right of its label.
    const [field, box, label] = await Promise.all(
      [userId, rememberMe, page.getByText('تذكّرني', { exact: true })].map((l) => l.boundingBox()),
    );
    expect(field && box && label && box.x > label.x).toBe(true);
    // Tab goes on in reading order (field, check box, submit), Shift+Tab back.
    await page.keyboard.press('Tab');
    await expect(rememberMe).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(userId).toBeFocused();
    await page.keyboard.press('Enter');

    const password = page.getByLabel('كلمة المرور', { exact: true });
    await expect(password).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');

    const chooser = page.getByRole('group', { name: 'اختر طريقة لتسجيل الدخول' });
    await expect(chooser).toBeVisible();
    const email = chooser.getByRole('radio', { name: /البريد الإلكتروني/ });
    await tabTo(page, chooser.getByRole('radio').first());
    for (let step = 0; step < 4 && !(await email.isChecked()); step += 1)
      await page.keyboard.press('ArrowDown');
    await expect(email).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'إرسال الرمز' }));
    await page.keyboard.press('Enter');

    const digit = (n: number) => page.getByLabel(`الرقم ${n} من 6`, { exact: true });
    await expect(digit(1)).toBeFocused();
    const [first, second] = await Promise.all([digit(1).boundingBox(), digit(2).boundingBox()]);
    expect(first && second && first.x < second.x).toBe(true);
    const code = await codeSent(emulator, 'olga.otp');
    await page.keyboard.type(code.slice(0, 3));
    await expect(digit(4)).toBeFocused();
    // ArrowLeft is the box on the left, the digit before; ArrowRight the one after.
    await page.keyboard.press('ArrowLeft');
    await expect(digit(3)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(digit(4)).toBeFocused();
    await page.keyboard.type(code.slice(3));

    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('link', { name: 'إدارة بيانات الاعتماد' })).toBeFocused();
  });
});
