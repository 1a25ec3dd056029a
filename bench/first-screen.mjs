// First screen: the portal's /direct against two floors, the React floor (a plain React 19 form,
// client-rendered, brotli) and the HTML floor (the same form as server-rendered HTML, no script),
// throttled like a phone, cold cache, alternating runs in one browser. Prints when the field is
// usable (in the page, enabled and painted: portal vs HTML floor) and when the form is submittable (the app runs: portal vs React
// floor), the transfer, the layout shift, and the portal's waterfall.
import { kb, median, ms } from './lib/stats.mjs';
import { fillUserIdWhenUsable, openPage, usableAt } from './lib/browser.mjs';

const isAsset = (r) => r.type === 'Script' || r.type === 'Stylesheet';

async function loadOnce(browser, url, throttle) {
  const { context, page, cdp, requests } = await openPage(browser, { throttle });
  await page.addInitScript(fillUserIdWhenUsable);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    // Usable: the field is in the page, enabled, and painted (a person sees it before typing; a
    // field behind a render-blocking stylesheet exists in the DOM but is not yet on the screen).
    const inPage = await usableAt(cdp, 'userId');
    const paint = await usableAt(cdp, 'paint');
    const usable = Math.max(inPage, paint);
    const submittable = await usableAt(cdp, 'submittable');
    // Let stragglers finish so the byte count is whole (preloads, prefetches after first render).
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const cls = await page.evaluate(() => (window.__benchShifts ?? []).reduce((sum, v) => sum + v, 0));
    return { inPage, usable, paint, submittable, cls, requests: [...requests.values()] };
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
  const html = [];
  const htmlFloorUrl = new URL('html-floor.html', floorUrl).href;
  for (let i = 0; i < runs; i += 1) {
    html.push(await loadOnce(browser, htmlFloorUrl, true));
    floor.push(await loadOnce(browser, floorUrl, true));
    portal.push(await loadOnce(browser, `${portalUrl}/direct`, true));
  }
  const med = (list, key) => median(list.map((r) => r[key]));
  const runsOf = (list, key) => list.map((r) => Math.round(r[key])).join(', ');
  const portalUsable = med(portal, 'usable');
  const htmlUsable = med(html, 'usable');
  const portalSubmittable = med(portal, 'submittable');
  const floorSubmittable = med(floor, 'submittable');
  const typical = portal.reduce((best, r) =>
    Math.abs(r.usable - portalUsable) < Math.abs(best.usable - portalUsable) ? r : best,
  );
  // The transfer of the first screen: everything that arrived until the app runs (submittable).
  const { rows, firstScreen } = summarise(typical.requests, typical.submittable);
  const floorSummary = summarise(floor[0].requests, floor[0].submittable).firstScreen;
  const htmlSummary = summarise(html[0].requests, html[0].usable).firstScreen;
  const maxCls = Math.max(...portal.map((r) => r.cls));

  console.log(`\n## First screen (/direct), throttled, cold cache, ${runs} alternating runs\n`);
  console.log(
    '| page | field in the page (median) | first contentful paint (median) | field usable: in the page and painted (median) | form submittable (median) | requests | transferred |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const row = (name, list, summary) =>
    console.log(
      `| ${name} | ${ms(med(list, 'inPage'))} | ${ms(med(list, 'paint'))} | ${ms(med(list, 'usable'))} (${runsOf(list, 'usable')}) | ${ms(med(list, 'submittable'))} (${runsOf(list, 'submittable')}) | ${summary.requests} | ${kb(summary.allBytes)} |`,
    );
  row('portal /direct', portal, firstScreen);
  row('React floor', floor, floorSummary);
  row('HTML floor', html, htmlSummary);
  console.log(
    `\nfield usable, portal / HTML floor:      ${(portalUsable / htmlUsable).toFixed(2)}×   (target ≤ 1.5×)`,
  );
  console.log(
    `field in the page, portal / HTML floor: ${(med(portal, 'inPage') / med(html, 'inPage')).toFixed(2)}×   (what 'usable' counted until the paint was counted too; for reference)`,
  );
  console.log(
    `form submittable, portal / React floor: ${(portalSubmittable / floorSubmittable).toFixed(2)}×   (target ≤ 1.6×)`,
  );
  console.log(
    `portal transfer until the app runs: ${kb(firstScreen.allBytes)} (target ≤ 168 KB); JS+CSS ${firstScreen.assetRequests} requests, ${kb(firstScreen.assetBytes)}`,
  );
  console.log(`portal CLS (largest of the runs): ${maxCls.toFixed(4)}   (target 0)`);
  console.log(
    `portal round trips in a row before the form is submittable: ${criticalDepth(rows, typical.submittable)}`,
  );
  console.log(
    `\nWaterfall of the median portal run (ms from the document request; * = after the form was submittable):`,
  );
  for (const r of rows) {
    const late = r.endMs > typical.submittable + 1 ? '*' : ' ';
    const url = new URL(r.url);
    console.log(
      `${late} ${String(Math.round(r.startMs)).padStart(5)} → ${String(Math.round(r.endMs)).padStart(5)}  ` +
        `${kb(r.bytes).padStart(9)} ${(r.encoding ?? '-').padEnd(4)} ${String(r.type).padEnd(10)} ${(r.initiator ?? '').padEnd(7)} ${url.pathname}`,
    );
  }
  console.log(`  field usable at ${ms(typical.usable)}, form submittable at ${ms(typical.submittable)}`);
  return {
    portalUsable,
    htmlUsable,
    portalSubmittable,
    floorSubmittable,
    usableRatio: portalUsable / htmlUsable,
    submittableRatio: portalSubmittable / floorSubmittable,
    cls: maxCls,
    ...firstScreen,
  };
}
