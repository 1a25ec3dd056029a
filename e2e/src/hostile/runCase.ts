import type { Route } from '@playwright/test';
import { type EmulatorApi, expect, type Page, test } from '../fixtures';
import type { PortalStack } from '../servers';
import type { Family } from './families';
import { forgetMessages, look, recordMessages, type Seen, verdict, watch } from './judge';
import type { FaultReply, Variant } from './variants';

/** The annotation a case leaves for the report (src/hostile/tableReporter.ts). */
export const REPORT_ANNOTATION = 'hostile-case';

export interface CaseRecord {
  family: string;
  variant: string;
  seen: Seen;
  problem: string | null;
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
  await step();
  const onward = family.onward(page);
  let seen: Seen | undefined;
  let problem: string | null = 'not judged';
  await expect
    .poll(
      async () => {
        seen = await look(page, onward, watched);
        problem = verdict(seen, variant.expect);
        return problem;
      },
      { timeout: variant.slow ? 60_000 : 12_000 },
    )
    .toBeNull()
    .catch(() => undefined);
  if (seen) {
    const record: CaseRecord = { family: family.name, variant: variant.name, seen, problem };
    test.info().annotations.push({ type: REPORT_ANNOTATION, description: JSON.stringify(record) });
  }
  expect(problem, `${family.name} › ${variant.name}: ${problem}`).toBeNull();
}
