// `npm run bench`: the floor page and the portal in one browser, first screen then screen changes.
// BENCH_RUNS (default 5) sets the number of runs of each measurement.
import { startStack } from '../scripts/stack.mjs';
import { buildFloor } from './floor/buildFloor.mjs';
import { serveFloor } from './floor/serveFloor.mjs';
import { benchFirstScreen } from './first-screen.mjs';
import { benchKernel } from './kernel.mjs';
import { launchChromium } from './lib/browser.mjs';
import { benchScreenChanges } from './screen-change.mjs';
import { benchServer } from './server.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const only = process.argv[2]; // 'kernel', 'server', 'first-screen' or 'screen-change' to run one part

benchKernel();
if (only === 'kernel') process.exit(0);
// Load generation first, before the browser parts start anything of their own.
if (only === undefined || only === 'server') await benchServer();
if (only === 'server') process.exit(0);

const floor = await serveFloor(await buildFloor());
const stack = await startStack({ portalEnv: { LOG_LEVEL: 'warn' } });
const browser = await launchChromium();
try {
  if (only !== 'screen-change') {
    await benchFirstScreen(browser, { portalUrl: stack.portalUrl, floorUrl: floor.url, runs });
  }
  if (only !== 'first-screen') await benchScreenChanges(browser, stack, { runs });
} finally {
  await browser.close();
  await stack.stop();
  await floor.stop();
}
