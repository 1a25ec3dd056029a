// Chromium for the benchmarks: Debian's (CHROMIUM_PATH) with the flags this machine needs, a
// phone-class throttle, and a network log of what really crossed the wire.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

/** Mobile-like conditions (issue 11): 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower. */
export const PHONE = {
  latency: 150,
  downloadBps: (1.6 * 1024 * 1024) / 8,
  uploadBps: (750 * 1024) / 8,
  cpu: 4,
};

export function launchChromium() {
  return chromium.launch(chromiumLaunchOptions());
}

/**
 * Records in the page when each watched thing became usable (performance.now(), i.e. ms since
 * navigation start). Installed before any page script runs; CDP-injected, so the CSP does not apply.
 */
function usableWatcher() {
  const byLabel = (text) => {
    for (const label of document.querySelectorAll('label')) {
      if (label.textContent?.trim() === text && label.htmlFor) return document.getElementById(label.htmlFor);
    }
    return null;
  };
  const enabled = (element) =>
    element instanceof HTMLElement && !element.matches(':disabled') && element.isConnected;
  const probes = {
    userId: () => enabled(byLabel('User ID')),
    password: () => enabled(byLabel('Password')),
    otp: () => enabled(document.querySelector('input[autocomplete="one-time-code"]')),
    welcome: () => /^Hello/.test(document.querySelector('h1')?.textContent ?? ''),
    // The form can be sent: its Submit button is enabled (the app runs; the field holds a value).
    submittable: () =>
      enabled(
        [...document.querySelectorAll('button[type="submit"]')].find(
          (b) => b.textContent?.trim() === 'Submit',
        ),
      ),
  };
  const seen = {};
  const waiting = {};
  const check = () => {
    for (const [name, probe] of Object.entries(probes)) {
      if (seen[name] === undefined && probe()) {
        seen[name] = performance.now();
        for (const resolve of waiting[name] ?? []) resolve(seen[name]);
        delete waiting[name];
      }
    }
  };
  window.__benchUsable = seen;
  // A promise of when `name` became usable: awaited over CDP, so no test-driver script is injected
  // into the page while it loads (Playwright's own injection costs tens of ms of main thread at 4×).
  window.__benchWhen = (name) =>
    seen[name] !== undefined
      ? Promise.resolve(seen[name])
      : new Promise((resolve) => {
          waiting[name] = [...(waiting[name] ?? []), resolve];
        });
  // First contentful paint: when the person sees anything at all (the field may exist before).
  window.__benchPaint = new Promise((resolve) => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') resolve(entry.startTime);
    }).observe({ type: 'paint', buffered: true });
  });
  // Layout shifts (CLS): the sum of every shift's value not caused by input.
  const shifts = [];
  window.__benchShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
  window.__benchForget = (name) => delete seen[name];
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

/** A fresh context (cold cache) and page, throttled when asked, with a network log. */
export async function openPage(browser, { throttle }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(usableWatcher);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latency,
      downloadThroughput: PHONE.downloadBps,
      uploadThroughput: PHONE.uploadBps,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  }
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type,
      start: event.timestamp,
      initiator: event.initiator?.type,
      priority: event.request.initialPriority,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = requests.get(event.requestId);
    if (entry) {
      entry.status = event.response.status;
      entry.encoding =
        event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'];
      entry.fromCache = event.response.fromDiskCache || event.response.fromPrefetchCache;
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = requests.get(event.requestId);
    if (entry) {
      entry.end = event.timestamp;
      entry.bytes = event.encodedDataLength;
    }
  });
  return { context, page, cdp, requests };
}

/**
 * Types a User ID the moment the field is usable, as a person would (the value set as the browser
 * sets it, then an input event), so that 'submittable' says when the form could be sent.
 */
export function fillUserIdWhenUsable() {
  const fill = () => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === 'User ID');
    const field = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
    if (!(field instanceof HTMLInputElement) || field.disabled || field.value !== '') return false;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, 'pat.password');
    field.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  };
  const observer = new MutationObserver(() => {
    if (fill()) observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

/**
 * Waits until the page recorded `name` as usable ('paint': its first contentful paint); returns ms
 * since navigation start. It asks over the page's own CDP session (Runtime.evaluate, awaiting the
 * watcher's promise) rather than with page.waitForFunction, whose injected script would run on the
 * page's main thread in the middle of the load and slow a big page more than a small one.
 */
export async function usableAt(cdp, name, timeout = 60_000) {
  const expression = name === 'paint' ? 'window.__benchPaint' : `window.__benchWhen(${JSON.stringify(name)})`;
  const deadline = Date.now() + timeout;
  for (;;) {
    const reply = await Promise.race([
      cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`${name} not usable within ${timeout} ms`)), deadline - Date.now()),
      ),
    ]).catch((error) => ({ error }));
    if (!reply.error && !reply.exceptionDetails && typeof reply.result?.value === 'number')
      return reply.result.value;
    // The evaluation met the previous document (about:blank) or a navigation replaced it: ask again.
    if (Date.now() >= deadline) throw new Error(`${name} not usable within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
