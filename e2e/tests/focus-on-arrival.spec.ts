import { expect, type Locator, type Page, test } from '../src/fixtures';

// Issue 44: a screen's heading takes focus on arrival (the screen-reader walk relies on it) but
// draws its ring only when the keyboard brought the user there (host/src/shell/inputModality.ts,
// shell.css); every interactive element keeps its ring on :focus-visible.

/** The computed ring: outline style and width, and the halo (box-shadow). */
async function ring(target: Locator): Promise<{ style: string; width: string; halo: boolean }> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: style.outlineWidth, halo: style.boxShadow !== 'none' };
  });
}

/** No ring: no outline drawn (Chromium keeps the computed width of `outline: none` at 3px), no halo. */
const NO_RING = { style: 'none', halo: false };
const RING = { style: 'solid', width: '3px', halo: true };

async function tabTo(page: Page, target: Locator, max = 20): Promise<void> {
  for (let step = 0; step < max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the arrival heading shows its ring after the keyboard only', async ({ page, pageErrors: _ }) => {
  await page.goto('/');
  const landing = page.getByRole('heading', { level: 1, name: 'A Better Login Experience' });
  await expect(landing).toBeFocused();
  expect(await ring(landing)).toMatchObject(NO_RING);

  // A link reached with Tab has the ring; Enter takes the keyboard to a screen without a field.
  const about = page.getByRole('link', { name: 'About the Authentication Hub' });
  await tabTo(page, about);
  expect(await ring(about)).toEqual(RING);
  await page.keyboard.press('Enter');
  const arrived = page.getByRole('heading', { level: 1, name: 'About the Authentication Hub' });
  await expect(arrived).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('data-input-modality', 'keyboard');
  expect(await ring(arrived)).toEqual(RING);

  // The pointer: a click to the landing page again, and its heading has focus without a ring.
  await page.locator('.portal-header__name').click();
  await expect(landing).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('data-input-modality', 'pointer');
  expect(await ring(landing)).toMatchObject(NO_RING);
});

/** `#rrggbb` as getComputedStyle writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.trim().slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function token(page: Page, name: string): Promise<string> {
  return rgb(
    await page.evaluate(
      (property) => getComputedStyle(document.documentElement).getPropertyValue(property),
      name,
    ),
  );
}

// One link style and native controls in the brand (issue 44), in both palettes: a body link is
// --color-link (not the browser's blue, nor its dark #9e9eff), the footer's stay muted, a check box
// takes the brand's colour.
for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    test('links in the link colour, check boxes in the brand', async ({ page, pageErrors: _ }) => {
      await page.goto('/');
      const about = page.getByRole('link', { name: 'About the Authentication Hub' });
      await expect(about).toHaveCSS('color', await token(page, '--color-link'));
      await expect(about).toHaveCSS('text-decoration-line', 'underline');
      await expect(page.locator('.portal-footer a').first()).toHaveCSS(
        'color',
        await token(page, '--color-text-muted'),
      );

      await page.goto('/direct');
      const remember = page.getByLabel('Remember Me');
      await expect(remember).toBeVisible();
      await expect(remember).toHaveCSS('accent-color', await token(page, '--color-brand'));
    });
  });
}
