import type { Locator, Page } from '../fixtures';
import { EXECUTED_FLAG } from './variants';

export type Focus = 'message' | 'control' | 'lost';

/** What a user was left with after a hostile reply: the report's columns. */
export interface Seen {
  /** The message shown (an alert or a dialog), or null. */
  message: string | null;
  /** The control that leads on (retry, start over, back, resend, another option), or null. */
  wayOn: string | null;
  /**
   * Where the keyboard focus is: on the message (or inside it, or in its dialog), on a control of
   * the page (the field being corrected, the way on), or lost (on the page itself, or on something
   * no longer shown). The portal never leaves it lost (host useScreenArrival), and a modal
   * dialog holds it.
   */
  focus: Focus;
  /** The page went on as if the reply had been good. */
  wentOn: boolean;
  /** A payload ran. */
  executed: boolean;
  /** Addresses off the allowed origins the page navigated to. */
  offOrigin: string[];
  /** Errors the page's own code logged (the browser's network lines are left out). */
  consoleErrors: string[];
  /** Uncaught errors. */
  pageErrors: string[];
}

/** Names of the controls that count as a way on. */
const WAY_ON =
  /\b(retry|try again|start over|sign in again|restart|back|resend|more options|choose another|submit|next|continue|ok|close|log ?in|sign in|home|manage|return)\b/i;

/** Watches a page for what the judge needs from its whole life: console, errors, navigations. */
export function watch(page: Page, allowedOrigins: readonly string[]) {
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const offOrigin: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // Chromium's own lines for a failed or refused load are not the page's code speaking.
    // A connection the page's CSP refused is reported by Chromium too: the policy did its work
    // (what the user sees is judged on the page).
    if (/^Failed to load resource|net::ERR_|^Access to fetch at|Content Security Policy/.test(text)) return;
    // Spec section 8: 'A failed start-up is written to the console only.'
    if (text.startsWith('[portal] start-up')) return;
    consoleErrors.push(text.slice(0, 300));
  });
  page.on('pageerror', (error) => pageErrors.push(error.message.slice(0, 300)));
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = frame.url();
    if (url === 'about:blank') return;
    let origin = '';
    try {
      origin = new URL(url).origin;
    } catch {
      origin = url;
    }
    if (!allowedOrigins.includes(origin)) offOrigin.push(url.slice(0, 200));
  });
  // A payload that opens a dialog has run as surely as one that sets the flag.
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  return { consoleErrors, pageErrors, offOrigin, dialogs: () => dialogs };
}

/** The page's own record of the messages it showed (recordMessages), a global of the test's. */
const SHOWN = '__hostileMessagesShown';

interface ShownMessage {
  text: string;
  /** The names of the enabled, rendered buttons and links in it and in <main> at that moment. */
  controls: string[];
}

/**
 * Records in the page every message it shows (an alert or an open dialog with text) with the
 * controls near it at that moment. A message the flow moves on from by design (after a null reply
 * the not-found page shows it with the 3-second redirect helper, spec section 9) still counts as
 * shown, however slowly the judge looks on a busy machine. Call before the case's first page load.
 */
export async function recordMessages(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const shown: { text: string; controls: string[] }[] = [];
    Object.defineProperty(window, key, { value: shown });
    const names = (root: Element | null) =>
      root
        ? [...root.querySelectorAll('button, a[href]')]
            .filter((control) => control.checkVisibility() && !(control as HTMLButtonElement).disabled)
            .map((control) => (control.getAttribute('aria-label') ?? control.textContent ?? '').trim())
        : [];
    const note = () => {
      for (const element of document.querySelectorAll('[role="alert"], [role="alertdialog"], dialog[open]')) {
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 120);
        if (!text || !element.checkVisibility() || shown.some((entry) => entry.text === text)) continue;
        shown.push({ text, controls: [...names(element), ...names(document.querySelector('main'))] });
      }
    };
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, SHOWN);
}

/** Forgets what the page showed so far: only what follows the hostile reply counts. */
export async function forgetMessages(page: Page): Promise<void> {
  await page.evaluate((key) => {
    const shown = (window as unknown as Record<string, unknown[] | undefined>)[key];
    if (shown) shown.length = 0;
  }, SHOWN);
}

async function messagesShown(page: Page): Promise<ShownMessage[]> {
  return page
    .evaluate((key) => (window as unknown as Record<string, ShownMessage[] | undefined>)[key] ?? [], SHOWN)
    .catch(() => []);
}

/**
 * The first element of a locator that is rendered and has text, read in the page in one go (the
 * judge looks again and again inside expect.poll: each look is one moment's state).
 */
async function firstVisible(locator: Locator): Promise<Locator | null> {
  const index = await locator.evaluateAll((elements) =>
    elements.findIndex((element) => element.checkVisibility() && (element.textContent ?? '').trim() !== ''),
  );
  return index < 0 ? null : locator.nth(index);
}

/** The spec's restart screen (section 8): its heading is the message, its button the way on. */
const RESTART_SCREEN = 'Unrecoverable error. Please restart login or try again later.';

/** The visible message: an open dialog first (it is modal), else an alert, else the restart screen. */
async function messageOf(page: Page): Promise<Locator | null> {
  return (
    (await firstVisible(page.locator('dialog[open], [role="alertdialog"], [role="dialog"]'))) ??
    (await firstVisible(page.locator('[role="alert"]'))) ??
    (await firstVisible(page.locator('main').getByRole('heading', { name: RESTART_SCREEN, exact: true })))
  );
}

async function wayOnNear(page: Page, message: Locator | null): Promise<string | null> {
  const scopes = message ? [message, page.locator('main')] : [page.locator('main')];
  for (const scope of scopes) {
    // One read in the page: the names of the enabled, rendered buttons and links.
    const names = await scope
      .locator('button, a[href]')
      .evaluateAll((controls) =>
        controls
          .filter((control) => control.checkVisibility() && !(control as HTMLButtonElement).disabled)
          .map((control) => (control.getAttribute('aria-label') ?? control.textContent ?? '').trim()),
      );
    const found = names.find((name) => WAY_ON.test(name));
    if (found) return found;
  }
  return null;
}

/**
 * Whether the page shows that it waits (issue 43 item 6: a screen waiting on a call says so within
 * a second), read from the DOM alone, so every engine is judged alike: a rendered element marked
 * `aria-busy="true"` that holds a rendered progress bar (`<progress>` or role="progressbar") and a
 * polite status region (role="status") with words in it: the kernel's 'Please wait…', or the
 * screen's own status line where that names the wait ('Sending push notification . . .').
 */
export async function busyShown(page: Page): Promise<boolean> {
  return page
    .evaluate(() => {
      const rendered = (element: Element) => element.checkVisibility();
      return [...document.querySelectorAll('[aria-busy="true"]')].some(
        (frame) =>
          rendered(frame) &&
          [...frame.querySelectorAll('progress, [role="progressbar"]')].some(rendered) &&
          [...frame.querySelectorAll('[role="status"]')].some(
            (region) => rendered(region) && (region.textContent ?? '').trim() !== '',
          ),
      );
    })
    .catch(() => false);
}

/** One look at the page: what a user sees now (nothing seen while the page is between documents). */
export async function look(page: Page, onward: Locator, watched: ReturnType<typeof watch>): Promise<Seen> {
  try {
    return await lookOnce(page, onward, watched);
  } catch {
    return {
      message: null,
      wayOn: null,
      focus: 'lost',
      wentOn: false,
      executed: watched.dialogs() > 0,
      offOrigin: [...watched.offOrigin],
      consoleErrors: [...watched.consoleErrors],
      pageErrors: [...watched.pageErrors],
    };
  }
}

async function lookOnce(page: Page, onward: Locator, watched: ReturnType<typeof watch>): Promise<Seen> {
  const message = await messageOf(page);
  const messageText = message
    ? (await message.innerText()).trim().replace(/\s+/g, ' ').slice(0, 120) || null
    : null;
  const focus: Focus = await page.evaluate(
    (element) => {
      const active = document.activeElement;
      if (!active || active === document.body || active === document.documentElement) return 'lost';
      if (element && (element === active || element.contains(active))) return 'message';
      // A modal dialog that does not hold the focus has lost it.
      if (element?.matches('dialog[open], [role="dialog"], [role="alertdialog"]')) return 'lost';
      return active.checkVisibility() ? 'control' : 'lost';
    },
    message ? await message.elementHandle() : null,
  );
  const executed =
    watched.dialogs() > 0 ||
    (await page
      .evaluate((flag) => (window as unknown as Record<string, unknown>)[flag] !== undefined, EXECUTED_FLAG)
      .catch(() => false));
  // None on the page now: one it showed since the reply, which the flow has moved on from.
  const earlier = messageText ? undefined : (await messagesShown(page))[0];
  return {
    message: messageText ?? earlier?.text ?? null,
    wayOn: earlier
      ? (earlier.controls.find((name) => WAY_ON.test(name)) ?? null)
      : await wayOnNear(page, message),
    focus,
    wentOn: await onward
      .evaluateAll((elements) => elements.some((element) => element.checkVisibility()))
      .catch(() => false),
    executed,
    offOrigin: [...watched.offOrigin],
    consoleErrors: [...watched.consoleErrors],
    pageErrors: [...watched.pageErrors],
  };
}

/** Why a case failed, or null: the checks every hostile reply must pass. */
export function verdict(seen: Seen, expectation: 'message' | 'harmless'): string | null {
  if (seen.executed) return 'a payload ran';
  if (seen.offOrigin.length > 0) return `navigated off the allowed origins: ${seen.offOrigin.join(', ')}`;
  if (seen.pageErrors.length > 0) return `uncaught error: ${seen.pageErrors[0]}`;
  if (seen.consoleErrors.length > 0) return `console error: ${seen.consoleErrors[0]}`;
  if (expectation === 'harmless' && seen.wentOn) return null;
  if (!seen.message) return seen.wentOn ? 'went on without a word after a malformed reply' : 'no message';
  if (!seen.wayOn) return 'a message but no way on';
  if (seen.focus === 'lost')
    return 'the keyboard focus is lost (on the page, not on the message or a control)';
  return null;
}
