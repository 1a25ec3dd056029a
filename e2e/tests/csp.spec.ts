import { expect, test } from '../src/fixtures';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

// The shell served by the portal server starts up against the emulator (the environment carried
// by the page in a non-executable JSON block, the client token) without a single
// Content-Security-Policy violation.
test('start-up under the portal CSP: environment, client token, zero violations', async ({
  page,
  pageErrors: _,
}) => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const clientToken = page.waitForResponse((r) => r.url().endsWith('/v1/token/generate/client_token'));
  const pageResponse = await page.goto('/direct');
  const csp = pageResponse?.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain('unsafe-eval');
  // The rendered first screen's stylesheets are inline, each allowed by its hash only.
  const styleSrc = csp.split(';').find((d) => d.trim().startsWith('style-src')) ?? '';
  expect(styleSrc).not.toContain('unsafe-inline');
  expect(styleSrc).toMatch(/'sha256-[A-Za-z0-9+/]+=*'/);
  expect(await page.locator('head style').count()).toBeGreaterThan(0);
  expect(csp).toContain("object-src 'none'");
  const bootstrap = await page.locator('script#portal-bootstrap').evaluate((element) => ({
    type: element.getAttribute('type'),
    data: JSON.parse(element.textContent ?? 'null'),
  }));
  expect(bootstrap.type).toBe('application/json');
  expect(bootstrap.data.environment.baseServiceUrl).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\//);
  expect((await clientToken).status()).toBe(200);
  await expect(page.getByLabel('User ID')).toBeVisible();

  // Visit a screen of each other remote that needs no sign-in, and the shell's own page.
  for (const path of ['/', '/help', '/cookies', '/nowhere']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
  }
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
});
