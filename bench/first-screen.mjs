// First-screen cost: loads the User ID page (/direct) from production builds in Chromium with a
// cold cache and prints the JS + CSS transferred (raw, gzip, brotli) and the request count.
// Budget: at most 110 KB gzip in at most 6 requests. It prints; it does not fail.
import { existsSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startStack } from '../scripts/stack.mjs';

const BUDGET_GZIP_BYTES = 110 * 1024;
const BUDGET_REQUESTS = 6;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(browser, url) {
  const context = await browser.newContext(); // a fresh context: cold cache
  const page = await context.newPage();
  const assets = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    assets.push({ url: new URL(response.url()).pathname, type, body });
  });
  const started = performance.now();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page
    .getByLabel('User ID')
    .waitFor({ timeout: 30_000 })
    .catch(() => page.locator('main h1').waitFor());
  const elapsed = performance.now() - started;
  await context.close();
  return { assets, elapsed };
}

const stack = await startStack({ portalEnv: { LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  let last;
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    last = await measure(browser, `${stack.portalUrl}/direct`);
    times.push(last.elapsed);
  }
  const rows = last.assets.map(({ url, type, body }) => ({
    url,
    type,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }));
  const total = rows.reduce(
    (sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip, brotli: sum.brotli + r.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
  console.log('First screen: /direct, cold cache, production builds\n');
  for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `${r.type.padEnd(10)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} gz ${kb(r.brotli).padStart(10)} br  ${r.url}`,
    );
  }
  console.log(`\nrequests (JS+CSS): ${rows.length}   (budget ${BUDGET_REQUESTS})`);
  console.log(`raw:    ${kb(total.raw)}`);
  console.log(`gzip:   ${kb(total.gzip)}   (budget ${kb(BUDGET_GZIP_BYTES)})`);
  console.log(`brotli: ${kb(total.brotli)}`);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `load to User ID field, median of ${runs}: ${sorted[Math.floor(runs / 2)].toFixed(0)} ms (loopback, not a budget)`,
  );
  const within = total.gzip <= BUDGET_GZIP_BYTES && rows.length <= BUDGET_REQUESTS;
  console.log(within ? 'Within budget.' : 'OVER BUDGET.');
} finally {
  await browser.close();
  await stack.stop();
}
