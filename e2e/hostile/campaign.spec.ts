import { expect, type Page, test } from '../src/fixtures';
import { ENVIRONMENT_SCHEMA, FAMILIES, type Family, variantsOf } from '../src/hostile/families';
import { look, verdict, watch } from '../src/hostile/judge';
import { type CaseRecord, REPORT_ANNOTATION, runCase } from '../src/hostile/runCase';
import { bodyVariants, fieldVariants, type Variant } from '../src/hostile/variants';
import { freePort, type PortalStack, startStack } from '../src/servers';
import { editStartupData, type MergePatch } from '../src/startupData';

// The whole fault campaign (issue 30): `npm run test:hostile` (README, "The fault campaign").
// Every call family × every variant derived from its reply schema, served by the SSO emulator's
// fault API (or, for the portal origin's calls, the page's network layer), judged by what a user
// sees (src/hostile/judge.ts). A fast sample of it runs in `npm test` (tests/hostile-sample.spec.ts).

for (const family of FAMILIES.filter((f) => f.only !== 'direct')) {
  test.describe(family.name, () => {
    for (const variant of variantsOf(family)) {
      test(variant.name, async ({ page, emulator, stack }) => {
        if (variant.slow) test.setTimeout(120_000);
        await runCase({ page, emulator, stack }, family, variant);
      });
    }
  });
}

/**
 * The same families with the page calling the SSO directly (SERVICE_URL is the SSO's tenant URL;
 * the default stack's page calls it through the portal server's proxy): the body classes again,
 * now reaching the browser as the SSO sent them.
 */
const DIRECT = FAMILIES.filter((family) => family.via === 'emulator' && family.call !== 'oauth2/v1/token');
const DIRECT_ONLY = FAMILIES.filter((family) => family.only === 'direct');

test.describe('direct to the SSO (no proxy)', () => {
  const direct = test.extend<Record<never, never>, { stack: PortalStack }>({
    stack: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
      async ({}, use) => {
        const emulatorPort = await freePort();
        const stack = await startStack({
          emulatorPort,
          portalEnv: { LOG_LEVEL: 'warn', SERVICE_URL: `http://localhost:${emulatorPort}/default/` },
        });
        await use(stack);
        await stack.stop();
      },
      { scope: 'worker', timeout: 60_000 },
    ],
  });
  for (const family of DIRECT_ONLY) {
    for (const variant of variantsOf(family)) {
      direct(`${family.name} › ${variant.name}`, async ({ page, emulator, stack }) => {
        if (variant.slow) direct.setTimeout(120_000);
        await runCase({ page, emulator, stack }, family, variant);
      });
    }
  }
  for (const family of DIRECT) {
    const name = `${family.name} (direct)`;
    for (const variant of bodyVariants()) {
      direct(`${name} › ${variant.name}`, async ({ page, emulator, stack }) => {
        if (variant.slow) direct.setTimeout(120_000);
        await runCase({ page, emulator, stack }, { ...family, name }, variant);
      });
    }
  }
});

/** A variant as a JSON value the start-up block can carry (the block is JSON in the page). */
function blockValue(variant: Variant): unknown {
  const reply = variant.reply;
  if (!reply) return undefined;
  if (reply.kind === 'json') return reply.value;
  // Not 'deep': the portal server writes the block, and a value 5,000 deep cannot be handed to
  // the page's init script (Playwright's serialisation runs out of stack first).
  if (reply.kind === 'long') {
    const field = reply.field === 'data.message' ? 'baseServiceUrl' : reply.field;
    const address = field === 'baseServiceUrl' || field === 'ssoUrl';
    return { [field]: address ? `https://${'x'.repeat(reply.bytes)}.example/` : 'x'.repeat(reply.bytes) };
  }
  if (reply.kind === 'patch') return reply.patch;
  return undefined;
}

const ENVIRONMENT_BLOCK: Family = {
  name: 'start-up environment block (in the page)',
  call: 'portal-bootstrap',
  via: 'page',
  reach: async (page) => async () => {
    await page.goto('/direct');
    await page.getByLabel('User ID').fill('pat.password');
    await page.getByLabel('Remember Me').uncheck();
    await page.getByRole('button', { name: 'Submit' }).click();
  },
  onward: (page) => page.getByRole('heading', { name: 'Enter your password' }),
};

// baseServiceUrl is where the page's calls go, not where it navigates: another origin there is
// refused by the page's CSP (connect-src), which the CSP guard of every test reports.
const blockVariants: Variant[] = [
  { name: 'missing', reply: { kind: 'json', value: null }, expect: 'harmless' },
  ...[...bodyVariants(), ...fieldVariants(ENVIRONMENT_SCHEMA, { navigated: ['ssoUrl'] })]
    .filter((variant) => blockValue(variant) !== undefined)
    // Whatever the block holds, the page either works (the fetched environment, or the proxy
    // the calls fall back to) or says so.
    .map((variant) => ({ ...variant, expect: 'harmless' as const })),
];

async function judgeHere(
  page: Page,
  stack: PortalStack,
  family: Family,
  variant: Variant,
  step: () => Promise<void>,
) {
  const watched = watch(page, [new URL(stack.portalUrl).origin, new URL(stack.emulatorUrl).origin]);
  await step();
  let record: CaseRecord | undefined;
  await expect
    .poll(
      async () => {
        const seen = await look(page, family.onward(page), watched);
        record = { family: family.name, variant: variant.name, seen, problem: verdict(seen, variant.expect) };
        return record.problem;
      },
      { timeout: 12_000 },
    )
    .toBeNull()
    .catch(() => undefined);
  if (record) test.info().annotations.push({ type: REPORT_ANNOTATION, description: JSON.stringify(record) });
  expect(record ? record.problem : 'not judged', `${family.name} › ${variant.name}`).toBeNull();
}

test.describe(ENVIRONMENT_BLOCK.name, () => {
  for (const variant of blockVariants) {
    test(variant.name, async ({ page, stack }) => {
      const value = blockValue(variant);
      await editStartupData(page, { environment: value === null ? null : (value as MergePatch) });
      await judgeHere(
        page,
        stack,
        ENVIRONMENT_BLOCK,
        variant,
        await ENVIRONMENT_BLOCK.reach(page, undefined as never),
      );
    });
  }
});

test.describe('v1/config/environment (fetched when the block is missing)', () => {
  const family: Family = {
    ...ENVIRONMENT_BLOCK,
    name: 'v1/config/environment',
    call: '**/v1/config/environment',
    schema: ENVIRONMENT_SCHEMA,
  };
  for (const variant of variantsOf(family)) {
    test(variant.name, async ({ page, emulator, stack }) => {
      if (variant.slow) test.setTimeout(120_000);
      await editStartupData(page, { environment: null });
      await runCase({ page, emulator, stack }, family, { ...variant, expect: 'harmless' });
    });
  }
});
