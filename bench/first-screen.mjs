// First screen: the portal's /direct against the floor page (a plain React 19 form served with
// brotli), throttled like a phone, cold cache, alternating runs in one browser. Prints the medians
// and their ratio, and the portal's requests and bytes as transferred with the waterfall.
import { kb, median, ms } from './lib/stats.mjs';
import { openPage, usableAt } from './lib/browser.mjs';

const isAsset = (r) => r.type === 'Script' || r.type === 'Stylesheet';

async function loadOnce(browser, url, throttle) {
  const { context, page, requests } = await openPage(browser, { throttle });
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const usable = await usableAt(page, 'userId');
    // Let stragglers finish so the byte count is whole (preloads, prefetches after first render).
    await page.waitForLoadState('networkidle').catch(() => undefined);
    return { usable, requests: [...requests.values()] };
  } finally {
    await context.close();
  }
}

function summarise(requests, usableMs) {
  const origin = Math.min(...requests.map((r) => r.start));
  const rows = requests
    .filter((r) => r.end !== undefined)
    .map((r) => ({ ...r, startMs: (r.start - origin) * 1000, endMs: (r.end - origin) * 1000 }))
    .sort((a, b) => a.startMs - b.startMs);
  const beforeUsable = rows.filter((r) => r.endMs <= usableMs + 1);
  const assets = beforeUsable.filter(isAsset);
  return {
    rows,
    firstScreen: {
      requests: beforeUsable.length,
      assetRequests: assets.length,
      assetBytes: assets.reduce((sum, r) => sum + r.bytes, 0),
      allBytes: beforeUsable.reduce((sum, r) => sum + r.bytes, 0),
    },
  };
}

/** Round trips in a row: a request whose start waited for an earlier one's end adds a step. */
function criticalDepth(rows, usableMs) {
  const depth = new Map();
  for (const row of rows.filter((r) => r.endMs <= usableMs + 1)) {
    const parents = rows.filter((p) => p !== row && p.endMs <= row.startMs + 0.5);
    depth.set(row, 1 + Math.max(0, ...parents.map((p) => depth.get(p) ?? 0)));
  }
  return Math.max(0, ...depth.values());
}

export async function benchFirstScreen(browser, { portalUrl, floorUrl, runs }) {
  const portal = [];
  const floor = [];
  for (let i = 0; i < runs; i += 1) {
    floor.push(await loadOnce(browser, floorUrl, true));
    portal.push(await loadOnce(browser, `${portalUrl}/direct`, true));
  }
  const portalMedian = median(portal.map((r) => r.usable));
  const floorMedian = median(floor.map((r) => r.usable));
  const typical = portal.reduce((best, r) =>
    Math.abs(r.usable - portalMedian) < Math.abs(best.usable - portalMedian) ? r : best,
  );
  const { rows, firstScreen } = summarise(typical.requests, typical.usable);
  const floorSummary = summarise(floor[0].requests, floor[0].usable).firstScreen;

  console.log(`\n## First screen (/direct), throttled, cold cache, ${runs} alternating runs\n`);
  console.log(
    `portal: User ID usable, median ${ms(portalMedian)}  (runs: ${portal.map((r) => Math.round(r.usable)).join(', ')})`,
  );
  console.log(
    `floor:  User ID usable, median ${ms(floorMedian)}  (runs: ${floor.map((r) => Math.round(r.usable)).join(', ')})`,
  );
  console.log(`ratio portal / floor: ${(portalMedian / floorMedian).toFixed(2)}×   (target ≤ 2.0×)`);
  console.log(
    `\nportal first screen: ${firstScreen.requests} requests, ${kb(firstScreen.allBytes)} transferred; ` +
      `JS+CSS ${firstScreen.assetRequests} requests, ${kb(firstScreen.assetBytes)} transferred (target ≤ 110 KB)`,
  );
  console.log(
    `floor first screen:  ${floorSummary.requests} requests, ${kb(floorSummary.allBytes)} transferred; ` +
      `JS+CSS ${kb(floorSummary.assetBytes)}`,
  );
  console.log(
    `portal round trips in a row before the field is usable: ${criticalDepth(rows, typical.usable)}`,
  );
  console.log(
    `\nWaterfall of the median portal run (ms from the document request; * = after the field was usable):`,
  );
  for (const r of rows) {
    const late = r.endMs > typical.usable + 1 ? '*' : ' ';
    const url = new URL(r.url);
    console.log(
      `${late} ${String(Math.round(r.startMs)).padStart(5)} → ${String(Math.round(r.endMs)).padStart(5)}  ` +
        `${kb(r.bytes).padStart(9)} ${(r.encoding ?? '-').padEnd(4)} ${String(r.type).padEnd(10)} ${(r.initiator ?? '').padEnd(7)} ${url.pathname}`,
    );
  }
  console.log(`  field usable at ${ms(typical.usable)}`);
  return { portalMedian, floorMedian, ratio: portalMedian / floorMedian, ...firstScreen };
}
