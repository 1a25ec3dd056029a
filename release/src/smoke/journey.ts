import type { Browser, Page } from 'playwright-core';
import { FIXTURE_PASSWORD, SIGNED_IN_USER } from './plan.js';
import { PageWatch } from './screenCheck.js';
import { STEP_TIMEOUT_MS } from './screens.js';

/** The fixture user of the second-factor journey: password, then a code sent by text message. */
export const SMS_USER = 'sam.sms';

interface OutboxEntry {
  userName: string;
  code: string;
}

const isOutbox = (value: unknown): value is OutboxEntry[] =>
  Array.isArray(value) &&
  value.every(
    (entry: unknown) =>
      entry !== null &&
      typeof entry === 'object' &&
      'userName' in entry &&
      typeof entry.userName === 'string' &&
      'code' in entry &&
      typeof entry.code === 'string',
  );

/** The latest code the emulator "sent" to a user (its developer API's outbox), waiting for one. */
async function codeSentTo(emulatorUrl: string, user: string): Promise<string> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${emulatorUrl}/_emulator/api/outbox`);
    if (!response.ok) throw new Error(`the emulator's outbox answered HTTP ${response.status}`);
    const body: unknown = await response.json();
    const code = isOutbox(body) ? body.filter((entry) => entry.userName === user).at(-1)?.code : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the emulator sent ${user} no code within ${STEP_TIMEOUT_MS / 1000} s`);
}

type Step = [name: string, run: (page: Page) => Promise<void>];

function passwordSteps(user: string): Step[] {
  return [
    [
      'the User ID screen',
      async (page) => {
        await page.goto('/direct');
        await page.getByLabel('User ID').fill(user);
        await page.getByLabel('Remember Me').uncheck();
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByRole('heading', { name: 'Enter your password' }).waitFor();
      },
    ],
    [
      'the password screen',
      async (page) => {
        await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.waitForURL((url) => url.pathname !== '/verify');
      },
    ],
  ];
}

const welcomeStep: Step = [
  'the welcome screen',
  async (page) => {
    await page.waitForURL((url) => url.pathname === '/welcome');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
  },
];

/**
 * `verify --smoke=journey`: sign-ins through the emulator on the portal with the build live, as a
 * person makes them: pat.password (User ID, password, welcome) and sam.sms (User ID, password, the
 * code the emulator sent, read from its developer API, welcome). Each problem names the journey
 * and the step it stopped at, or an error the page showed on the way.
 */
export async function runJourneys(
  browser: Browser,
  portalUrl: string,
  emulatorUrl: string,
): Promise<string[]> {
  const journeys: [user: string, steps: Step[]][] = [
    [SIGNED_IN_USER, [...passwordSteps(SIGNED_IN_USER), welcomeStep]],
    [
      SMS_USER,
      [
        ...passwordSteps(SMS_USER),
        [
          'the text message code screen',
          async (page) => {
            await page.waitForURL((url) => url.pathname === '/sotp');
            const code = await codeSentTo(emulatorUrl, SMS_USER);
            await page.getByLabel('Digit 1 of 6').pressSequentially(code);
          },
        ],
        welcomeStep,
      ],
    ],
  ];
  const problems: string[] = [];
  for (const [user, steps] of journeys) {
    const context = await browser.newContext({ baseURL: portalUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const watch = new PageWatch(page);
    for (const [name, run] of steps) {
      try {
        await run(page);
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
        problems.push(
          `The sign-in of ${user} stops at ${name} (at ${new URL(page.url()).pathname}): ${reason}`,
        );
        break;
      }
    }
    problems.push(...watch.take().map((problem) => `The sign-in of ${user}: ${problem}`));
    await context.close();
  }
  return problems;
}
