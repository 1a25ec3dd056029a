import { expect, type Page, test } from '../src/fixtures';
import { signInWithPassword } from '../src/signIn';

/**
 * Push number matching (issue 27, our design with the emulator): with the SSO's setting on, the
 * push page shows the number and the sign-in's context; the emulator's developer page (the phone)
 * approves only with that number, and a wrong one rejects the push. Without a number the push page
 * is the spec's, unchanged: push.spec.ts and remote-factors' push screenshots.
 */

const POLL_MS = 3000;

/** The push page, waiting, with the number it shows. */
async function numberShown(page: Page): Promise<string> {
  await page.clock.install();
  await signInWithPassword(page, 'pete.push', { rememberMe: false });
  await expect(page).toHaveURL(/\/push$/);
  const group = page.getByRole('region', { name: 'Your number' });
  await expect(group).toContainText(/Pick or type \d+ in the app to approve\./);
  const number = /Pick or type (\d+)/.exec((await group.textContent()) ?? '')?.[1];
  if (!number) throw new Error('no number on the push page');
  return number;
}

/** The phone: the emulator's developer page, Approve with the number typed. */
async function approveOnDeveloperPage(page: Page, emulatorUrl: string, number: string): Promise<void> {
  const phone = await page.context().newPage();
  await phone.goto(`${emulatorUrl}/_emulator/`);
  const row = phone.getByRole('row').filter({ hasText: 'pete.push' }).filter({ hasText: 'PENDING' });
  await row.getByLabel('Number shown at sign-in').fill(number);
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.getByRole('row').filter({ hasText: 'pete.push' }).first()).not.toContainText('PENDING');
  await phone.close();
}

test('the number on the push page is the one the phone needs; a wrong one rejects the push', async ({
  page,
  emulator,
  stack,
  pageErrors: _,
}) => {
  await emulator.post('settings', { pushNumberMatching: 'on' });

  const first = await numberShown(page);
  await expect(page.getByText('Accept push request on your Pete iPhone to login.')).toBeVisible();
  const context = page.getByRole('region', { name: 'Sign-in request' });
  await expect(context).toContainText('Authentication Hub');
  await expect(context).toContainText('Local network (127.0.0.1)');
  // A wrong number, as the phone's API sends it: the push is rejected.
  const [push] = await emulator.get<{ id: string }[]>('pushes');
  const wrong = await emulator.post<{ status: string }>(`pushes/${push?.id}/approve`, {
    number: first === '10' ? '11' : '10',
  });
  expect(wrong.status).toBe('REJECTED');
  await page.clock.runFor(POLL_MS);
  await expect(page.getByText('Transaction denied')).toBeVisible();

  const second = await numberShown(page);
  await approveOnDeveloperPage(page, stack.emulatorUrl, second);
  await page.clock.runFor(POLL_MS);
  await expect(page).toHaveURL(/\/welcome$/);
});
