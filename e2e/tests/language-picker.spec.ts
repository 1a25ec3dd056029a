import { expect, test } from '../src/fixtures';

// The footer's language picker (issue 26), with the keyboard only: it lists every language in its
// own language and direction, switches the page in place (a typed User ID stays), and is
// remembered, so the next page arrives in the chosen language from the portal server.

test('choose a language with the keyboard: the page switches in place and the next page arrives in it', async ({
  page,
  pageErrors: _,
}) => {
  await page.goto('/direct');
  const userId = page.getByLabel('User ID');
  await expect(userId).toBeEditable();
  await userId.fill('pat.password');

  const picker = page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Language: English (United States)' });
  await picker.focus();
  await picker.press('Enter');
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  const hebrew = page.getByRole('list', { name: 'Language' }).getByRole('button', { name: 'עברית' });
  await expect(hebrew).toHaveAttribute('lang', 'he');
  await expect(hebrew).toHaveAttribute('dir', 'rtl');
  // Escape closes the list and gives focus back to the picker.
  await page.keyboard.press('Escape');
  await expect(picker).toBeFocused();
  await picker.press('Enter');
  await hebrew.focus();
  await hebrew.press('Enter');

  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The same screen, in Hebrew, with what the user typed.
  await expect(page.getByLabel('מזהה משתמש')).toHaveValue('pat.password');
  await expect(page.getByRole('contentinfo').getByRole('button', { name: /^שפה:/ })).toBeFocused();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.locator('html')).toHaveAttribute('data-negotiated', '');
  await expect(page.getByLabel('מזהה משתמש')).toBeEditable();
});
