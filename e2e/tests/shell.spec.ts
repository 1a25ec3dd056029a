import { expect, test } from '../src/fixtures';

test.describe('shell', () => {
  test('the landing page leads to the User ID page', async ({ page, pageErrors: _ }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'About the Authentication Hub' })).toHaveAttribute(
      'href',
      '/aboutAuthHub',
    );
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/direct$/);
  });

  test('/home is the landing page too', async ({ page, pageErrors: _ }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
  });

  test('an unknown address shows Page Not Found with a way home', async ({ page, pageErrors: _ }) => {
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
  });

  test('header, footer and banner are present; no logout icon before sign-in', async ({
    page,
    pageErrors: _,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Authentication Hub' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    for (const name of [
      'Privacy Statement',
      'Cookie Policy',
      'Terms of Use',
      'SMS Terms of Service',
      'Login Assistance',
    ]) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
    await expect(footer).toContainText('©');
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await footer.getByRole('link', { name: 'Login Assistance' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
  });

  test('remote code loads only when one of its routes is visited', async ({ page, pageErrors: _ }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
    const loaded = (pkg: string) =>
      requested.some((p) => p.startsWith(`/remotes/${pkg}/`) && p.endsWith('.js'));
    expect(loaded('remote-help')).toBe(true);
    expect(loaded('remote-selfservice')).toBe(false);
  });
});

test.describe('guards, signed out', () => {
  for (const path of ['/welcome', '/self-service', '/register', '/register/totp']) {
    test(`guard B sends ${path} to /home`, async ({ page, pageErrors: _ }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
    });
  }
  for (const path of ['/verify', '/sotp', '/push', '/fido', '/factorselection', '/changePassword', '/idp']) {
    test(`guard C sends ${path} to /home`, async ({ page, pageErrors: _ }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    });
  }
  for (const path of [
    '/help',
    '/cookies',
    '/aboutAuthHub',
    '/sms-terms-of-service',
    '/signed-out',
    '/denied',
  ]) {
    test(`${path} needs no sign-in`, async ({ page, pageErrors: _ }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }
});

test.describe('navigation feedback and re-runs', () => {
  test('a loading bar shows while a remote loads', async ({ page, pageErrors: _ }) => {
    // Every file of remote-help waits until released, from before the page opens: neither the
    // start-up plan nor the idle prefetch of likely next screens can have loaded it before the click.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/remotes/remote-help/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Login Assistance' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test('navigating to the screen already shown re-runs it from a clean state', async ({
    page,
    context,
    pageErrors: _,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await page.goto('/help');
    await page.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    // The clock is held: only a fresh screen can show the button's first state again.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Login Assistance' }).click();
    await expect(page.getByRole('button', { name: 'Copy to Clipboard' })).toBeVisible();
  });
});

test('the User ID page prefetches remote_factors while idle, once it is shown', async ({
  page,
  pageErrors: _,
}) => {
  // Listening from the start: the prefetch may finish before the field check returns.
  const entry = page.waitForRequest(
    (r) => r.url().includes('/remotes/remote-factors/') && r.url().endsWith('remoteEntry.js'),
  );
  await page.goto('/direct');
  await expect(page.getByLabel('User ID')).toBeVisible();
  // No navigation from here: only the prefetch can fetch remote_factors' entry.
  await entry;
  await expect(page).toHaveURL(/\/direct$/);
});
