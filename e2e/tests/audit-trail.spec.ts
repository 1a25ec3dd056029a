import { expect, type Page, test } from '../src/fixtures';
import { freePort, type PortalStack, startStack } from '../src/servers';
import { PASSWORD, welcomeSettled } from '../src/signIn';

/**
 * The portal server's audit trail (portal-server README, "Audit trail") against the emulator's
 * real replies, with the proxy as the service URL (the calls the server reads pass through it).
 */
let stack: PortalStack;

test.beforeAll(async () => {
  const port = await freePort();
  stack = await startStack({
    portalPort: port,
    portalEnv: { LOG_LEVEL: 'warn', SERVICE_URL: `http://localhost:${port}/common/portal/proxy/` },
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

type AuditLine = Record<string, unknown> & { event: string };

function auditLines(): AuditLine[] {
  return stack.portalLogs.flatMap((text) => {
    try {
      const line = JSON.parse(text) as Record<string, unknown>;
      return line.audit === true ? [line as AuditLine] : [];
    } catch {
      return [];
    }
  });
}

async function signIn(page: Page, { wrongPasswordFirst = false } = {}) {
  await page.goto(`${stack.portalUrl}/direct`);
  await page.getByLabel('User ID').fill('pat.password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  if (wrongPasswordFirst) {
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  }
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await welcomeSettled(page);
}

function expectNoSecrets() {
  const logs = stack.portalLogs.join('\n');
  for (const secret of ['pat.password', PASSWORD, 'not-the-password']) expect(logs).not.toContain(secret);
}

test('a sign-in with a wrong password first, then logout: each outcome once, one user key, one transaction', async ({
  page,
  pageErrors: _,
}) => {
  const before = auditLines().length;
  await signIn(page, { wrongPasswordFirst: true });
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signed-out$/);
  await expect
    .poll(() =>
      auditLines()
        .slice(before)
        .map((line) => line.event),
    )
    .toEqual([
      'signin.started',
      'signin.factor.failed',
      'signin.factor.passed',
      'signin.allowed',
      'session.logout',
    ]);
  const lines = auditLines().slice(before);
  expect(lines[1]).toMatchObject({ factor: 'PASSWORD', reason: '8800011' });
  expect(lines[2]).toMatchObject({ factor: 'PASSWORD', nextAction: 'AUTH_ALLOWED' });
  const userKeys = new Set(lines.map((line) => line.userKey));
  const transactions = new Set(lines.map((line) => line.transactionId));
  expect(userKeys.size).toBe(1);
  expect([...userKeys][0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(transactions.size).toBe(1);
  expect([...transactions][0]).toMatch(/^[0-9a-f-]{36}$/);
  for (const line of lines) {
    expect(line).toMatchObject({ source: 'server', clientAddress: expect.any(String) });
    expect(String(line.userAgent)).toContain('Chrome');
  }
  expectNoSecrets();
});

test('10 idle minutes: the page reports the idle logout, under the same user key', async ({
  page,
  pageErrors: _,
}) => {
  await page.clock.install();
  const before = auditLines().length;
  await signIn(page);
  await page.clock.fastForward('10:10');
  await expect(page).toHaveURL(/\/signed-out$/);
  await expect
    .poll(() =>
      auditLines()
        .slice(before)
        .map((line) => line.event),
    )
    .toContain('session.idle-logout');
  const lines = auditLines().slice(before);
  const idle = lines.find((line) => line.event === 'session.idle-logout');
  const started = lines.find((line) => line.event === 'signin.started');
  expect(idle).toMatchObject({
    source: 'browser',
    userKey: started?.userKey,
    transactionId: started?.transactionId,
  });
  expectNoSecrets();
});

test('self-service through the proxy: deactivate then activate a credential, keyed like the sign-in', async ({
  page,
  pageErrors: _,
}) => {
  const api = `${stack.emulatorUrl}/_emulator/api`;
  const post = (path: string, body?: unknown) =>
    fetch(`${api}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  await post('reset');
  expect(
    (await post('users/pat.password/credentials', { credType: 'sms', credValue: '+15550001111' })).ok,
  ).toBe(true);
  const before = auditLines().length;
  await signIn(page);
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  const sms = page
    .getByRole('list', { name: 'Your credentials' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'SMS', exact: true }) });
  await sms.getByRole('button', { name: 'Deactivate' }).click();
  await expect(sms).toContainText('Inactive');
  await sms.getByRole('button', { name: 'Activate' }).click();
  await expect(sms.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await expect
    .poll(() =>
      auditLines()
        .slice(before)
        .map((line) => line.event)
        .filter((event) => event.startsWith('credential.')),
    )
    .toEqual(['credential.deactivated', 'credential.activated']);
  const lines = auditLines().slice(before);
  const started = lines.find((line) => line.event === 'signin.started');
  for (const line of lines.filter((candidate) => candidate.event.startsWith('credential.'))) {
    expect(line).toMatchObject({ credentialType: 'sms', userKey: started?.userKey, source: 'server' });
    expect(String(line.credentialKey)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  }
  expectNoSecrets();
  expect(stack.portalLogs.join('\n')).not.toContain('+15550001111');
});
