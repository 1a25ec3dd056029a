import type { Route } from '@playwright/test';
import { BUSY_INDICATOR_DELAY_MS } from '../../../shared/src/constants';
import { type EmulatorApi, expect, type Page, test } from '../fixtures';
import type { PortalStack } from '../servers';
import type { Family } from './families';
import { busyShown, forgetMessages, look, recordMessages, type Seen, verdict, watch } from './judge';
import type { FaultReply, Variant } from './variants';

/** The annotation a case leaves for the report (src/hostile/tableReporter.ts). */
export const REPORT_ANNOTATION = 'hostile-case';

export interface CaseRecord {
  family: string;
  variant: string;
  seen: Seen;
  problem: string | null;
  /**
   * A hang only: how long after the call went out the page showed that it waits (busyShown), in
   * ms; null when it did not within BUSY_WITHIN_MS.
   */
  busyAfterMs?: number | null;
}

/**
 * A call that does not answer must show the busy indicator within about a second (the kernel's
 * BUSY_INDICATOR_DELAY_MS; issue 43 item 6): this long after the call went out, with room for a
 * loaded machine (a render, the judge's own look). Without an indicator the page stays silent
 * until the transport's time-out, 15 to 20 s.
 */
export const BUSY_WITHIN_MS = BUSY_INDICATOR_DELAY_MS + 1_500;

/** How often the judge looks for the busy indicator. */
const BUSY_LOOK_MS = 100;

/**
 * When the page's request that the hanging call holds went out (the family's call, or the page's
 * request that waits on it: `seenAs`), by the test's clock; null until it has.
 */
function requestSent(page: Page, family: Family): () => number | null {
  const path = (family.seenAs ?? family.call).replace(/^\*\*\//, '');
  let sentAt: number | null = null;
  page.on('request', (request) => {
    if (sentAt !== null) return;
    let pathname = '';
    try {
      pathname = new URL(request.url()).pathname;
    } catch {
      return;
    }
    if (pathname.endsWith(`/${path}`)) sentAt = Date.now();
  });
  return () => sentAt;
}

/**
 * Looks for the busy indicator (judge busyShown) until it shows or BUSY_WITHIN_MS have gone since
 * the call went out (since `stepDone` while the request is not seen); returns how long after the
 * call it showed, or null.
 */
async function busyWithin(page: Page, sentAt: () => number | null, stepDone: number): Promise<number | null> {
  for (;;) {
    const start = sentAt() ?? stepDone;
    if (await busyShown(page)) return Math.max(0, Date.now() - start);
    if (Date.now() - start > BUSY_WITHIN_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, BUSY_LOOK_MS));
  }
}

function deepText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() ?? path;
  let node = target;
  for (const key of keys) {
    const next = node[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[last] = value;
}

/**
 * The page's own network layer serving a variant, for the portal origin's calls (the emulator's
 * fault API serves the SSO's). A 'hang' leaves the request unanswered until the page goes.
 */
async function servePageVariant(route: Route, variant: Variant): Promise<void> {
  const reply = variant.reply as FaultReply;
  const status = variant.status ?? 200;
  const contentType = variant.contentType ?? 'application/json; charset=utf-8';
  switch (reply.kind) {
    case 'abort':
      return route.abort('connectionreset');
    case 'hang':
      return;
    case 'empty':
      return route.fulfill({ status: variant.status ?? 204, body: '' });
    case 'json':
      return route.fulfill({ status, contentType, body: JSON.stringify(reply.value) });
    case 'raw':
      return route.fulfill({ status, contentType, body: reply.text });
    case 'deep':
      return route.fulfill({ status, contentType, body: deepText(reply.depth) });
    default:
      break;
  }
  const real = await route.fetch();
  const text = await real.text();
  let value: Record<string, unknown> = {};
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    value = {};
  }
  const headers: Record<string, string> = { ...real.headers(), 'content-type': contentType };
  delete headers['content-length'];
  if (reply.kind === 'patch') Object.assign(value, reply.patch);
  if (reply.kind === 'long') setPath(value, reply.field, 'x'.repeat(reply.bytes));
  if (reply.kind === 'headers') headers['x-fault-padding'] = 'a'.repeat(reply.bytes);
  const body = JSON.stringify(value);
  return route.fulfill({
    status: variant.status ?? real.status(),
    headers,
    // A page route cannot cut a connection mid-body: half the text is the nearest it gets.
    body: reply.kind === 'truncated' ? body.slice(0, Math.floor(body.length / 2)) : body,
  });
}

/** Arms one variant on a family's call. */
async function arm(page: Page, emulator: EmulatorApi, family: Family, variant: Variant): Promise<void> {
  if (family.via === 'page') {
    await page.route(family.call, (route) => servePageVariant(route, variant), { times: 1 });
    return;
  }
  await emulator.post('faults', {
    call: family.call,
    reply: variant.reply,
    // Chromium sends a request again, once, when a kept-alive connection closes without an answer:
    // the abort must outlast that retry to reach the page.
    times: variant.reply?.kind === 'abort' ? 2 : 1,
    ...(variant.status === undefined ? {} : { status: variant.status }),
    ...(variant.contentType === undefined ? {} : { contentType: variant.contentType }),
  });
}

/**
 * One case: reach the family's call, arm the variant, make the call, and judge what the user is
 * left with (judge.ts); the case fails with its exact name and the reason, and leaves its row for
 * the report.
 */
export async function runCase(
  { page, emulator, stack }: { page: Page; emulator: EmulatorApi; stack: PortalStack },
  family: Family,
  variant: Variant,
): Promise<void> {
  const allowed = [new URL(stack.portalUrl).origin, new URL(stack.emulatorUrl).origin];
  const watched = watch(page, allowed);
  await recordMessages(page);
  const step = await family.reach(page, emulator);
  await arm(page, emulator, family, variant);
  await forgetMessages(page).catch(() => undefined);
  // A call that does not answer: first the page must show that it waits, within about a second
  // (busyWithin), then the transport's time-out message, and then be busy no more.
  const hang = variant.reply?.kind === 'hang' && variant.expect === 'message';
  const sentAt = hang ? requestSent(page, family) : null;
  await step();
  const busyAfterMs = sentAt ? await busyWithin(page, sentAt, Date.now()) : undefined;
  const onward = family.onward(page);
  let seen: Seen | undefined;
  let problem: string | null = 'not judged';
  await expect
    .poll(
      async () => {
        seen = await look(page, onward, watched);
        problem = verdict(seen, variant.expect);
        if (problem === null && hang && (await busyShown(page)))
          problem = 'still shows that it waits after the message';
        return problem;
      },
      { timeout: variant.slow ? 60_000 : 12_000 },
    )
    .toBeNull()
    .catch(() => undefined);
  if (busyAfterMs === null)
    problem = `no busy indicator within ${BUSY_WITHIN_MS / 1000} s of a call that did not answer (then: ${problem ?? 'the message'})`;
  if (seen) {
    const record: CaseRecord = { family: family.name, variant: variant.name, seen, problem, busyAfterMs };
    test.info().annotations.push({ type: REPORT_ANNOTATION, description: JSON.stringify(record) });
  }
  expect(problem, `${family.name} › ${variant.name}: ${problem}`).toBeNull();
}
