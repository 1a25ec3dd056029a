import { expect, type Page, test } from '../src/fixtures';
import { codesSent } from '../src/outbox';
import { signInWithPassword } from '../src/signIn';

/**
 * Codes without typing (issue 16, part 5). Chromium here has no SMS to read, so the page gets a
 * stand-in for the WebOTP API, as a phone's browser gives it: `OTPCredential` exists, and
 * `navigator.credentials.get({ otp })` waits until a text message arrives (`deliverSms`), takes
 * its origin-bound last line (`@<host> #<code>`) when the host is the page's, and honours the
 * request's abort signal.
 */
async function stubWebOtp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const waiting = new Set<(code: string) => void>();
    const log = { requests: 0, aborted: 0, transports: [] as string[][] };
    const get = navigator.credentials.get.bind(navigator.credentials);
    Object.assign(window, {
      OTPCredential: class OTPCredential {},
      __webOtp: log,
      deliverSms(text: string): number {
        const bound = /^@([^\s#]+) #(\d+)$/.exec(text.split('\n').at(-1) ?? '');
        if (!bound || bound[1] !== location.hostname) return 0;
        const answered = waiting.size;
        for (const answer of [...waiting]) answer(bound[2] ?? '');
        return answered;
      },
    });
    navigator.credentials.get = (options?: CredentialRequestOptions & { otp?: { transport: string[] } }) => {
      if (!options?.otp) return get(options);
      log.requests += 1;
      log.transports.push(options.otp.transport);
      return new Promise((resolve, reject) => {
        const answer = (code: string) => {
          waiting.delete(answer);
          resolve({ id: '', type: 'otp', code } as unknown as Credential);
        };
        waiting.add(answer);
        options.signal?.addEventListener('abort', () => {
          if (!waiting.delete(answer)) return;
          log.aborted += 1;
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      });
    };
  });
}

const webOtpLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __webOtp: { requests: number; aborted: number } }).__webOtp);
const deliverSms = (page: Page, text: string) =>
  page.evaluate((sms) => (window as unknown as { deliverSms: (t: string) => number }).deliverSms(sms), text);

/** sam.sms on the SMS code screen, the code sent; returns the message. */
async function onSmsCodeScreen(page: Page, emulator: Parameters<typeof codesSent>[0]) {
  await stubWebOtp(page);
  await signInWithPassword(page, 'sam.sms', { rememberMe: false });
  await expect(page).toHaveURL(/\/sotp$/);
  await expect(page.getByText(/^Enter security code sent to .+/)).toBeVisible();
  const [sms] = await codesSent(emulator, 'sam.sms', 1);
  await expect.poll(async () => (await webOtpLog(page)).requests).toBe(1);
  return sms;
}

test('the code of the incoming SMS fills the six boxes and signs in, with no typing', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const verified: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('factor/v1/OTPVerifier')) verified.push(request.postDataJSON());
  });
  const sms = await onSmsCodeScreen(page, emulator);
  // The SMS ends with the line that binds the code to the portal's host.
  expect(sms?.text.split('\n').at(-1)).toBe(`@localhost #${sms?.code}`);
  const digits = Array.from({ length: 6 }, (_, index) => page.getByLabel(`Digit ${index + 1} of 6`));
  for (const digit of digits) await expect(digit).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByLabel('Digit 1 of 6')).toHaveAttribute('autocomplete', 'one-time-code');
  // The service checks the code slowly, so the filled boxes can be seen.
  await emulator.post('faults', { call: 'factor/v1/OTPVerifier', delayMs: 1500 });
  expect(await deliverSms(page, sms?.text ?? '')).toBe(1);
  for (const [index, digit] of digits.entries()) await expect(digit).toHaveValue(sms?.code[index] ?? '');
  await expect(page).toHaveURL(/\/welcome$/);
  expect(verified).toEqual([expect.objectContaining({ otp: sms?.code })]);
  expect((await webOtpLog(page)).aborted).toBe(0);
});

test('a code typed by hand aborts the waiting request; a Resend listens again', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const sms = await onSmsCodeScreen(page, emulator);
  const wrong = (sms?.code ?? '000000').replace(/^./, (d) => String((Number(d) + 1) % 10));
  await page.getByLabel('Digit 1 of 6').pressSequentially(wrong);
  await expect(page.getByText('Invalid or expired security code')).toBeVisible();
  expect(await webOtpLog(page)).toMatchObject({ requests: 1, aborted: 1 });
  // The message that arrives now is not used: nobody is listening.
  expect(await deliverSms(page, sms?.text ?? '')).toBe(0);

  await page.getByRole('button', { name: 'Resend' }).click();
  const [, again] = await codesSent(emulator, 'sam.sms', 2);
  await expect.poll(async () => (await webOtpLog(page)).requests).toBe(2);
  expect(await deliverSms(page, again?.text ?? '')).toBe(1);
  await expect(page).toHaveURL(/\/welcome$/);
});

test('leaving the SMS code screen aborts the waiting request', async ({ page, emulator, pageErrors: _ }) => {
  await onSmsCodeScreen(page, emulator);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Login Assistance' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect.poll(async () => (await webOtpLog(page)).aborted).toBe(1);
});
