import { expect, test } from '../src/fixtures';
import { codesSent } from '../src/outbox';
import { signInWithPassword } from '../src/signIn';

// One React, one router (through @portal/shared/router), one jotai and one @portal/shared at run
// time, for the host and every remote.

declare global {
  interface Window {
    __renderers?: number;
  }
}

test('exactly one React renderer and one copy of each shared singleton are loaded', async ({
  page,
  pageErrors: _,
}) => {
  // A stand-in for the React DevTools hook: every React DOM copy that starts registers itself here.
  await page.addInitScript(() => {
    window.__renderers = 0;
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject(renderer: unknown) {
          window.__renderers = (window.__renderers ?? 0) + 1;
          this.renderers.set(window.__renderers, renderer);
          return window.__renderers;
        },
        checkDCE() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        onScheduleFiberRoot() {},
        setStrictMode() {},
      },
    });
  });
  // Visit routes owned by two remotes besides the host.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Login Assistance' }).click();
  await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();

  expect(await page.evaluate(() => window.__renderers)).toBe(1);

  // The federation share scope: for each singleton, exactly one version provider was loaded.
  const loaded = await page.evaluate(() => {
    type Versions = Record<string, { loaded?: boolean; loading?: unknown; from?: string }>;
    const federation = (
      window as unknown as {
        __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Versions>>> };
      }
    ).__FEDERATION__;
    const result: Record<string, string[]> = {};
    for (const instance of Object.values(federation?.__SHARE__ ?? {})) {
      for (const scope of Object.values(instance)) {
        for (const [pkg, versions] of Object.entries(scope)) {
          for (const [version, info] of Object.entries(versions)) {
            if (info.loaded) {
              result[pkg] ??= [];
              const key = `${version} from ${info.from ?? '?'}`;
              if (!result[pkg].includes(key)) result[pkg].push(key);
            }
          }
        }
      }
    }
    return result;
  });
  // React Router is shared through the @portal/shared/router facade, never as react-router-dom.
  expect(loaded['react-router-dom']).toBeUndefined();
  for (const pkg of ['react', 'react-dom', '@portal/shared/router', 'jotai']) {
    expect(loaded[pkg], `${pkg} loaded copies: ${JSON.stringify(loaded[pkg])}`).toHaveLength(1);
  }
});

test('the host and a remote read and write the same atoms', async ({ page, pageErrors: _ }) => {
  // The host puts the transaction id from the address into the session atoms at start-up;
  // remote_help's troubleshoot box reads it from the same atom.
  const transactionId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
  await page.goto(`/help?X-CLIENT-TRANSACTION-ID=${transactionId}`);
  await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
  await expect(page.locator('[data-remote="remote_help"]')).toContainText(transactionId);
});

test("a sign-in through four remotes' screens downloads no remote's own copy of a singleton", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  // Each remote builds fallback copies of the singletons into its 'frameworks' chunk; the host
  // provides them, so no screen should download that chunk (it once came with valibot, 20 KB).
  const remoteFiles: string[] = [];
  page.on('request', (request) => {
    const match = /\/remotes\/([^/]+)\/[^/]+\/([^/?]+)/.exec(request.url());
    if (match) remoteFiles.push(`${match[1]}/${match[2]}`);
  });
  await signInWithPassword(page, 'sam.sms');
  await expect(page).toHaveURL(/\/sotp$/);
  const [sent] = await codesSent(emulator, 'sam.sms', 1);
  await page.getByLabel('Digit 1 of 6').pressSequentially(sent?.code ?? '');
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Login Assistance' }).click();
  await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();

  const packages = new Set(remoteFiles.map((file) => file.split('/')[0]));
  expect([...packages].sort()).toEqual([
    'remote-factors',
    'remote-help',
    'remote-login',
    'remote-selfservice',
  ]);
  expect(remoteFiles.filter((file) => /\/frameworks\./.test(file))).toEqual([]);
});
