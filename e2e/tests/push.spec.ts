import { type EmulatorApi, expect, type Page, test } from '../src/fixtures';
import { type EmulatorPush, pendingPush } from '../src/pushes';
import { navigateInApp, signInWithPassword } from '../src/signIn';

const POLL_MS = 3000;

/** Counts PushStatus calls the page makes. */
function countPolls(page: Page): () => number {
  let polls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('factor/v1/PushStatus')) polls += 1;
  });
  return () => polls;
}

async function reachPushScreen(page: Page, emulator: EmulatorApi): Promise<EmulatorPush> {
  await page.clock.install();
  await signInWithPassword(page, 'pete.push');
  await expect(page).toHaveURL(/\/push$/);
  const push = await pendingPush(emulator, 'pete.push');
  await expect(page.getByText(`Accept push request on your ${push.credValue} to login.`)).toBeVisible();
  return push;
}

test('push approved: polling every 3 s routes on after the approval', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const polls = countPolls(page);
  const push = await reachPushScreen(page, emulator);
  // Approve only once the first poll has been answered (PENDING), or it could report the approval.
  const firstAnswer = page.waitForResponse((r) => r.url().endsWith('factor/v1/PushStatus'));
  await page.clock.runFor(POLL_MS);
  await firstAnswer;
  await expect.poll(polls).toBe(1);
  await expect(page).toHaveURL(/\/push$/);
  await emulator.post(`pushes/${push.id}/approve`);
  await page.clock.runFor(POLL_MS);
  await expect(page).toHaveURL(/\/welcome$/);
  // The browser reports the request event asynchronously; the count settles right after.
  await expect.poll(polls).toBe(2);
});

test("push rejected: 'Transaction denied' and polling stops", async ({ page, emulator, pageErrors: _ }) => {
  const polls = countPolls(page);
  const push = await reachPushScreen(page, emulator);
  await emulator.post(`pushes/${push.id}/reject`);
  await page.clock.runFor(POLL_MS);
  await expect(page.getByText('Transaction denied')).toBeVisible();
  await page.clock.runFor(POLL_MS * 3);
  expect(polls()).toBe(1);
  await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  // The sign-in has ended (restart needed): the factor route no longer admits the user.
  await navigateInApp(page, '/push');
  await expect(page).toHaveURL(/\/home$/);
});

test("push timed out: 'Transaction timed out', Resend sends a new push that can be approved", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await reachPushScreen(page, emulator);
  // The emulator's push expires after 60 s of its own clock.
  await emulator.post('clock', { offsetMs: 61_000 });
  await page.clock.runFor(POLL_MS);
  await expect(page.getByText('Transaction timed out')).toBeVisible();
  await page.getByRole('button', { name: 'Resend' }).click();
  const second = await pendingPush(emulator, 'pete.push');
  await emulator.post(`pushes/${second.id}/approve`);
  await page.clock.runFor(POLL_MS);
  await expect(page).toHaveURL(/\/welcome$/);
});

test("push status with an error code: 'Transaction failed'", async ({ page, emulator, pageErrors: _ }) => {
  await reachPushScreen(page, emulator);
  await emulator.post('faults', {
    call: 'factor/v1/PushStatus',
    body: { nextaction: 'PUSH_AUTH', data: { errorCode: '0000999' } },
  });
  await page.clock.runFor(POLL_MS);
  await expect(page.getByText('Transaction failed', { exact: true })).toBeVisible();
});

test("a failing poll: 'Transaction failed unexpectedly'", async ({ page, emulator, pageErrors: _ }) => {
  await reachPushScreen(page, emulator);
  await emulator.post('faults', { call: 'factor/v1/PushStatus', status: 500 });
  await page.clock.runFor(POLL_MS);
  await expect(page.getByText('Transaction failed unexpectedly')).toBeVisible();
});

test('leaving the push screen stops polling', async ({ page, emulator, pageErrors: _ }) => {
  const polls = countPolls(page);
  await reachPushScreen(page, emulator);
  await page.clock.runFor(POLL_MS);
  await expect.poll(polls).toBe(1);
  await page.getByRole('link', { name: 'Login Assistance' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await page.clock.runFor(POLL_MS * 4);
  expect(polls()).toBe(1);
});
