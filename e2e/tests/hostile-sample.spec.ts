import { test } from '../src/fixtures';
import { FAMILIES, variantsOf } from '../src/hostile/families';
import { runCase } from '../src/hostile/runCase';

// A fast sample of the fault campaign (issue 30), in `npm test`; the whole campaign, every family ×
// every variant derived from its reply schema, is `npm run test:hostile` (README, "The fault
// campaign"). One case each of the classes the campaign first found unhandled: a polled status of
// the wrong size or shape, an unbounded field, and a userinfo reply of the wrong shape; and a
// script in a name the page shows.
const SAMPLE: readonly [family: string, variant: string][] = [
  ['auth/v1/authenticate', '1 MB field'],
  ['factor/v1/PushStatus (polled)', 'a list where an object belongs'],
  ['oauth2/v1/userinfo', 'a list where an object belongs'],
  ['oauth2/v1/userinfo', 'script in name #1'],
];

for (const [familyName, variantName] of SAMPLE) {
  const family = FAMILIES.find((f) => f.name === familyName);
  const variant = family ? variantsOf(family).find((v) => v.name === variantName) : undefined;
  if (!family || !variant) throw new Error(`hostile sample: no case '${familyName} › ${variantName}'`);
  test(`${family.name} › ${variant.name}`, async ({ page, emulator, stack }) => {
    await runCase({ page, emulator, stack }, family, variant);
  });
}
