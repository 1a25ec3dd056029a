import { expect, type Page } from '@playwright/test';

interface Stack {
  emulatorUrl: string;
  portalUrl: string;
}

/**
 * The emulator's relying-party start with these parameters; resolves once the portal's /oauth2
 * has loaded (the screen may go on from there), with the flow state the SSO handed it. That is read from the navigation (the SSO's
 * redirect), not from the address bar: the portal takes x-flow-state out of the address and its
 * history entry as soon as it has read it (issue 14).
 */
export async function arriveFromRelyingParty(
  page: Page,
  stack: Stack,
  query: Record<string, string> = {},
): Promise<string> {
  const search = new URLSearchParams({ portal: stack.portalUrl, ...query });
  const response = await page.goto(`${stack.emulatorUrl}/_emulator/rp/start?${search}`);
  const arrival = new URL(response?.url() ?? '');
  expect(`${arrival.origin}${arrival.pathname}`).toBe(`${stack.portalUrl}/oauth2`);
  return arrival.searchParams.get('x-flow-state') ?? '';
}
