import { expect, test } from '../src/fixtures';
import { type PortalStack, startStack } from '../src/servers';
import { signInToWelcome } from '../src/signIn';

declare global {
  interface Window {
    trustedTypes?: {
      defaultPolicy: { name: string } | null;
      createPolicy(name: string, rules: Record<string, (input: string) => string>): unknown;
    };
  }
}

/** Trusted Types enforced by the portal's CSP, with the host's one policy (the default policy). */
test('a script URL outside the release folders is refused, and no other policy can be made', async ({
  page,
  cspViolations,
  pageErrors: _,
}) => {
  const response = await page.goto('/direct');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("require-trusted-types-for 'script'");
  expect(csp).toContain('trusted-types default');
  await expect(page.getByLabel('User ID')).toBeVisible();

  const outcome = await page.evaluate(() => {
    const attempt = (action: () => void) => {
      try {
        action();
        return 'allowed';
      } catch (error) {
        return error instanceof Error ? error.name : String(error);
      }
    };
    const release = [...document.querySelectorAll<HTMLScriptElement>('script[src]')]
      .map((script) => script.src)
      .find((src) => src.includes('/main.'));
    return {
      policy: window.trustedTypes?.defaultPolicy?.name,
      foreignScript: attempt(() => {
        document.createElement('script').src = 'https://evil.example/steal.js';
      }),
      foreignAttribute: attempt(() => {
        document.createElement('script').setAttribute('src', 'https://evil.example/steal.js');
      }),
      portalApi: attempt(() => {
        document.createElement('script').src = '/v1/config/environment';
      }),
      hostFile: attempt(() => {
        document.createElement('script').src = release ?? 'missing';
      }),
      releaseFolder: attempt(() => {
        document.createElement('script').src =
          `${location.origin}/remotes/remote-login/1.0.0-x/remoteEntry.js`;
      }),
      html: attempt(() => {
        document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="alert(1)">');
      }),
      otherPolicy: attempt(() => {
        window.trustedTypes?.createPolicy('attacker', { createScriptURL: (url) => url });
      }),
    };
  });
  expect(outcome).toEqual({
    policy: 'default',
    foreignScript: 'TypeError',
    foreignAttribute: 'TypeError',
    portalApi: 'TypeError',
    hostFile: 'allowed',
    releaseFolder: 'allowed',
    html: 'TypeError',
    otherPolicy: 'TypeError',
  });

  // Each refusal is reported like any CSP violation (they are expected here: take them out).
  await expect
    .poll(() => cspViolations.filter((line) => /trusted-types/.test(line)).length)
    .toBeGreaterThanOrEqual(5);
  const expected = cspViolations.filter((line) => /require-trusted-types-for|trusted-types/.test(line));
  expect(expected.some((line) => line.includes('trusted-types blocked'))).toBe(true);
  cspViolations.splice(0, cspViolations.length, ...cspViolations.filter((line) => !expected.includes(line)));
});

test('a whole sign-in runs under enforced Trusted Types without a violation', async ({
  page,
  pageErrors: _,
}) => {
  await signInToWelcome(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loaded = await page.evaluate(() => ({
    policy: window.trustedTypes?.defaultPolicy?.name,
    remoteScripts: performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/remotes/') && path.endsWith('.js')).length,
  }));
  expect(loaded.policy).toBe('default');
  // The remotes' entries and chunks were added through the policy (and the CSP guard saw no refusal).
  expect(loaded.remoteScripts).toBeGreaterThan(2);
});

test.describe('TRUSTED_TYPES=report-only', () => {
  let reportOnly: PortalStack;

  test.beforeAll(async () => {
    reportOnly = await startStack({ portalEnv: { LOG_LEVEL: 'warn', TRUSTED_TYPES: 'report-only' } });
  });

  test.afterAll(async () => {
    await reportOnly?.stop();
  });

  test('refuses nothing but reports a foreign script URL, which the CSP guard sees', async ({
    page,
    cspViolations,
    pageErrors: _,
  }) => {
    const response = await page.goto(`${reportOnly.portalUrl}/direct`);
    expect(response?.headers()['content-security-policy']).not.toContain('require-trusted-types-for');
    expect(response?.headers()['content-security-policy-report-only']).toContain(
      "require-trusted-types-for 'script'",
    );
    await expect(page.getByLabel('User ID')).toBeVisible();
    expect(cspViolations).toEqual([]);
    const assigned = await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://evil.example/steal.js';
      return script.src;
    });
    expect(assigned).toBe('https://evil.example/steal.js');
    await expect.poll(() => cspViolations.length).toBe(1);
    expect(cspViolations[0]).toContain('require-trusted-types-for blocked trusted-types-sink');
    cspViolations.length = 0;
  });
});
