import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Color from 'colorjs.io';
import { emulatorApi, expect, guarded as test, type Page } from '../src/fixtures';
import {
  factorSelectionScreen,
  passwordJourney,
  signedOutScreens,
  smsCodeScreen,
  type VisitScreen,
} from '../src/mainScreens';
import { type PortalStack, repoRoot, startStack } from '../src/servers';

// The focus ring (issue 44, 'One design system'; WCAG 2.2 1.4.11 and 2.4.7): on every main screen,
// in every shipped theme, light and dark, every element the keyboard reaches shows an outline at
// least 2 px wide whose colour stands at least 3:1 against the background just outside it. All of
// it is read from the rendered page: each element is focused with Tab (keyboard modality, so
// :focus-visible applies), its outline and halo come from getComputedStyle, and the background is
// what the browser paints around the ring (document.elementsFromPoint just outside the outline, the
// layers composited top down until an opaque one), so a ring over the header's brand colour, or a
// skip link laid over the header, is judged against that. Radio groups are walked with the arrow
// keys too (Tab stops on one radio of a group). The contrast is colorjs.io's WCAG 2.1 ratio.
//
// Each theme gets its own stack (THEME_FILE), started and stopped here; one test per theme walks
// every screen in light, switches the page to dark (emulateMedia) and walks it again, and fails at
// its end with every element that fell short, so one run names them all.

const THEMES = {
  default: 'portal-server/themes/default/theme.json',
  fernbrook: 'portal-server/themes/fernbrook/theme.json',
} as const;

/** The header's product name button, per theme (fernbrook's theme.json names its product). */
const PRODUCT_NAMES: Record<keyof typeof THEMES, string> = {
  default: 'Authentication Hub',
  fernbrook: 'Fernbrook Bank',
};

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

/** WCAG 2.2 1.4.11 (non-text contrast), and the kernel's own promise for the ring (tokens.css). */
const MIN_RATIO = 3;
const MIN_WIDTH_PX = 2;
/** More Tab presses than any screen has stops: past this the walk gives up (and fails). */
const MAX_STOPS = 80;

const VIEWPORT = { width: 1280, height: 800 };

/** A computed background colour, and the element that paints it. */
interface Layer {
  colour: string;
  of: string;
}

/** What the page says about its focused element (read in the page by `inspectFocus`). */
interface FocusReport {
  /** Which element: role and accessible name, and a selector. */
  what: string;
  /** Whether it is the first element this walk reached. */
  first: boolean;
  /** Where it is in the viewport. */
  rect: { x: number; y: number; width: number; height: number };
  tag: string;
  radio: boolean;
  focusVisible: boolean;
  outlineStyle: string;
  outlineWidth: number;
  outlineOffset: number;
  outlineColor: string;
  boxShadow: string;
  /** The product of the element's and its ancestors' opacity: the ring fades with them. */
  opacity: number;
  /** The background layers just outside the ring, per sample point, topmost first. */
  outside: Layer[][];
  /** The element's own background over what is behind it (its ancestors), topmost first. */
  inside: Layer[];
  /** Whether no sample point was in the viewport, so `outside` is the ancestors' backgrounds. */
  outsideFromAncestors: boolean;
}

/**
 * In the page: the focused element's ring and what lies around it. Marks the element as seen (a
 * WeakMap on window, so the DOM is not touched) and says whether it was seen before in this walk.
 */
async function inspectFocus(): Promise<(FocusReport & { seen: boolean }) | null> {
  // What the user ends up seeing: transitions (a button's colours after the scheme changed, a
  // dialog fading in) run to their end first; an endless animation (a spinner) is not waited for.
  const running = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined));
  await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 2_000))]);

  type Walk = { seen: WeakSet<Element>; first?: Element };
  const store = window as unknown as { __ringWalk?: Walk };
  store.__ringWalk ??= { seen: new WeakSet() };
  const walk = store.__ringWalk;
  const element = document.activeElement;
  if (!element || element === document.body || element === document.documentElement) return null;
  const seen = walk.seen.has(element);
  walk.seen.add(element);
  walk.first ??= element;

  const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
  const roleOf = (el: Element): string => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit;
    const tag = el.tagName.toLowerCase();
    if (tag === 'a') return 'link';
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'select') return 'combobox';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'input') {
      const type = (el as HTMLInputElement).type;
      if (type === 'checkbox' || type === 'radio') return type;
      if (['button', 'submit', 'reset'].includes(type)) return 'button';
      return 'textbox';
    }
    return tag;
  };
  const nameOf = (el: Element): string => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy)
      return text(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    const label = el.getAttribute('aria-label');
    if (label) return text(label);
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return text([...labels].map((l) => l.textContent).join(' '));
    return text(el.textContent) || text(el.getAttribute('title')) || text(el.getAttribute('placeholder'));
  };
  const selectorOf = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const classes = [...el.classList]
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('');
    return `${el.tagName.toLowerCase()}${id}${classes}`;
  };
  const name = nameOf(element).slice(0, 60);
  const what = `${roleOf(element)} "${name}" (${selectorOf(element)})`;

  const px = (value: string) => Number.parseFloat(value) || 0;
  // The ring is the element's own, or (a control drawn as a card: a radio inside its label) that of
  // the nearest label or choice card around it that shows one while the element has the focus.
  let bearer: Element = element;
  if (getComputedStyle(element).outlineStyle === 'none') {
    const around = element.parentElement?.closest('label, .portal-choice');
    if (around && getComputedStyle(around).outlineStyle !== 'none') bearer = around;
  }
  const style = getComputedStyle(bearer);
  const outlineWidth = style.outlineStyle === 'none' ? 0 : px(style.outlineWidth);
  const outlineOffset = px(style.outlineOffset);

  let opacity = 1;
  for (let el: Element | null = bearer; el; el = el.parentElement)
    opacity *= px(getComputedStyle(el).opacity);

  const transparent = (colour: string) =>
    colour === 'transparent' || /^rgba\(.*,\s*0\)$/.test(colour) || /\/\s*0\)$/.test(colour);
  const opaque = (colour: string) => /^rgb\(/.test(colour) || /^#[0-9a-f]{6}$/i.test(colour);
  /** Background colours down a list of elements (topmost first) until an opaque one. */
  const layersOf = (elements: Iterable<Element>): Layer[] => {
    const layers: Layer[] = [];
    for (const el of elements) {
      const background = getComputedStyle(el).backgroundColor;
      if (transparent(background)) continue;
      layers.push({ colour: background, of: selectorOf(el) });
      if (opaque(background)) break;
    }
    return layers;
  };
  const ancestors = function* (from: Element | null) {
    for (let el = from; el; el = el.parentElement) yield el;
  };

  // Just outside the ring: the outline's offset and width from the border box, and one pixel more.
  const rect = bearer.getBoundingClientRect();
  const reach = outlineOffset + Math.max(outlineWidth, 1) + 1;
  const midX = rect.left + rect.width / 2;
  const midY = rect.top + rect.height / 2;
  const points: [number, number][] = [
    [midX, rect.top - reach],
    [midX, rect.bottom + reach],
    [rect.left - reach, midY],
    [rect.right + reach, midY],
  ];
  const outside: Layer[][] = [];
  for (const [x, y] of points) {
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
    const stack = document.elementsFromPoint(x, y).filter((el) => el !== bearer && !bearer.contains(el));
    outside.push(layersOf(stack));
  }
  const outsideFromAncestors = outside.length === 0;
  if (outsideFromAncestors) outside.push(layersOf(ancestors(bearer.parentElement)));

  return {
    seen,
    what: bearer === element ? what : `${what}, its ring on ${selectorOf(bearer)}`,
    first: walk.first === element,
    rect: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
    tag: element.tagName.toLowerCase(),
    radio: roleOf(element) === 'radio',
    focusVisible: element.matches(':focus-visible'),
    outlineStyle: style.outlineStyle,
    outlineWidth,
    outlineOffset,
    outlineColor: style.outlineColor,
    boxShadow: style.boxShadow,
    opacity,
    outside,
    inside: layersOf(ancestors(bearer)),
    outsideFromAncestors,
  };
}

/** Forgets the elements a walk has seen (a new screen state starts a new walk). */
function forgetWalk(): void {
  delete (window as unknown as { __ringWalk?: unknown }).__ringWalk;
}

/** `layers` (topmost first) composited over `base`, as an opaque sRGB colour. */
function composite(layers: readonly Layer[], base: Color): Color {
  let [r, g, b] = base.to('srgb').coords.map(Number) as [number, number, number];
  for (const layer of [...layers].reverse()) {
    const colour = new Color(layer.colour).to('srgb');
    const alpha = Number(colour.alpha ?? 1);
    const [lr, lg, lb] = colour.coords.map(Number) as [number, number, number];
    [r, g, b] = [alpha * lr + (1 - alpha) * r, alpha * lg + (1 - alpha) * g, alpha * lb + (1 - alpha) * b];
  }
  return new Color('srgb', [r, g, b]);
}

const hex = (colour: Color) =>
  colour.toGamut({ space: 'srgb' }).to('srgb').toString({ format: 'hex', collapse: false });

/** The canvas behind a page whose root has no background: the browser's, per scheme. */
const CANVAS: Record<Scheme, Color> = { light: new Color('#ffffff'), dark: new Color('#121212') };

/** What is wrong with one focused element's ring ([] when nothing is). */
function judge(report: FocusReport, scheme: Scheme): string[] {
  const problems: string[] = [];
  if (!report.focusVisible) problems.push('is focused by Tab but does not match :focus-visible');
  if (report.outlineStyle === 'none' || report.outlineWidth === 0) {
    problems.push(`has no outline (outline-style ${report.outlineStyle}, box-shadow ${report.boxShadow})`);
    return problems;
  }
  if (report.outlineWidth < MIN_WIDTH_PX)
    problems.push(`has a ${report.outlineWidth}px outline (at least ${MIN_WIDTH_PX}px)`);
  // The worst sample point around the ring decides.
  let worst: { ratio: number; ring: string; background: string; of: string } | undefined;
  for (const layers of report.outside) {
    const background = composite(layers, CANVAS[scheme]);
    const ringColour = new Color(report.outlineColor);
    ringColour.alpha = Number(ringColour.alpha ?? 1) * report.opacity;
    const ring = composite([{ colour: ringColour.toString(), of: 'ring' }], background);
    const ratio = Color.contrast(ring, background, 'WCAG21');
    const of = layers.map((layer) => layer.of).join(' over ') || 'the canvas';
    if (!worst || ratio < worst.ratio) worst = { ratio, ring: hex(ring), background: hex(background), of };
  }
  if (worst && worst.ratio < MIN_RATIO) {
    const inside = hex(composite(report.inside, CANVAS[scheme]));
    problems.push(
      `ring ${worst.ring} is ${worst.ratio.toFixed(2)}:1 against the background ${worst.background} ` +
        `(${worst.of}) outside it (at least ${MIN_RATIO}:1; ${report.outlineWidth}px ${report.outlineStyle} at ` +
        `${report.outlineOffset}px offset, halo ${report.boxShadow}, the element's own background ${inside}` +
        `${report.outsideFromAncestors ? ', background read from its ancestors' : ''})`,
    );
  }
  return problems;
}

/**
 * Tabs through the page until the focus is back on the first element it reached, walking each
 * radio group with ArrowDown too (which changes the choice, and may enable a button the lap has
 * passed: then one more lap). Returns every problem, one line each, and the elements reached;
 * RING_SHOTS=<folder> also writes a picture of each element that has a problem.
 */
async function walkRing(
  page: Page,
  where: string,
  scheme: Scheme,
): Promise<{ problems: string[]; reached: string[] }> {
  // The screen has placed its focus (its field, heading or dialog: useScreenArrival moves it there
  // 100 ms after the screen shows, and would pull it back from wherever the walk had taken it).
  await page.waitForFunction(() => document.activeElement?.closest('main, dialog[open], footer') != null);
  await page.evaluate(forgetWalk);
  const problems: string[] = [];
  const reached: string[] = [];
  let newInLap = 0;
  let arrowsInLap = false;
  const look = async () => {
    const report = await page.evaluate(inspectFocus);
    if (report && !report.seen) {
      reached.push(report.what);
      newInLap += 1;
      const found = judge(report, scheme);
      for (const problem of found) problems.push(`${where}: ${report.what} ${problem}`);
      if (found.length > 0 && SHOTS) await shoot(page, report, `${where} ${report.what}`);
    }
    return report;
  };
  let stops = 0;
  for (; stops < MAX_STOPS; stops += 1) {
    await page.keyboard.press('Tab');
    const report = await look();
    if (report?.first && report.seen) {
      if (!arrowsInLap || newInLap === 0) break;
      [arrowsInLap, newInLap] = [false, 0];
      continue;
    }
    if (report?.radio && !report.seen) {
      // The rest of its group: the arrow keys move the focus (and the choice) round it.
      for (let step = 0; step < MAX_STOPS; step += 1) {
        await page.keyboard.press('ArrowDown');
        arrowsInLap = true;
        if ((await look())?.seen) break;
      }
    }
  }
  if (stops >= MAX_STOPS) problems.push(`${where}: the focus did not come round in ${MAX_STOPS} Tab presses`);
  if (reached.length === 0) problems.push(`${where}: Tab reached no element`);
  return { problems, reached };
}

const SHOTS = process.env.RING_SHOTS;

/** The focused element and 48 px around it, as the user sees it (RING_SHOTS). */
async function shoot(page: Page, report: FocusReport, name: string): Promise<void> {
  mkdirSync(SHOTS ?? '.', { recursive: true });
  const margin = 48;
  const x = Math.max(0, report.rect.x - margin);
  const y = Math.max(0, report.rect.y - margin);
  await page.screenshot({
    path: path.join(SHOTS ?? '.', `${name.replace(/[^\w.-]+/g, '_').slice(0, 120)}.png`),
    clip: { x, y, width: report.rect.width + 2 * margin, height: report.rect.height + 2 * margin },
    animations: 'disabled',
  });
}

for (const theme of Object.keys(THEMES) as (keyof typeof THEMES)[]) {
  const file = THEMES[theme];
  test.describe(`${theme} theme`, () => {
    // One stack for the theme's test (a worker restarted by a failure starts its own).
    test.describe.configure({ mode: 'serial' });
    let stack: PortalStack;

    test.beforeAll(async () => {
      test.setTimeout(60_000);
      stack = await startStack({
        portalEnv: { LOG_LEVEL: 'warn', THEME_FILE: path.join(repoRoot, file) },
      });
    });

    test.afterAll(async () => {
      await stack?.stop();
    });

    // The axe guard is off: color-schemes.spec.ts runs axe on these screens; this walk presses
    // hundreds of keys, and each screen state it leaves behind would otherwise be analysed.
    test.use({
      axeCheck: false,
      viewport: VIEWPORT,
      // The stack's address; undefined while beforeAll runs (its hook sets up the automatic
      // fixtures, the axe guard's reads the base URL, before the stack has started).
      // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
      baseURL: async ({}, use) => {
        await use(stack?.portalUrl);
      },
    });

    test(`every focusable element of every main screen shows a 3:1 ring, light and dark`, async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(90_000);
      const emulator = emulatorApi(stack.emulatorUrl);
      await emulator.reset();
      const problems: string[] = [];
      const reached = new Map<string, string[]>();
      const visitIn =
        (target: Page): VisitScreen =>
        async (screen) => {
          for (const scheme of SCHEMES) {
            await target.emulateMedia({ colorScheme: scheme });
            const where = `[${theme} ${scheme}] ${screen}`;
            const walk = await walkRing(target, where, scheme);
            problems.push(...walk.problems);
            reached.set(where, walk.reached);
          }
          await target.emulateMedia({ colorScheme: 'light' });
        };
      const fresh = async () => {
        const context = await browser.newContext({ baseURL, viewport: VIEWPORT, colorScheme: 'light' });
        return context.newPage();
      };

      await page.emulateMedia({ colorScheme: 'light' });
      await signedOutScreens(page, visitIn(page));
      await passwordJourney(page, visitIn(page));
      const sms = await fresh();
      await smsCodeScreen(sms, emulator, visitIn(sms));
      await sms.context().close();
      const factors = await fresh();
      await factorSelectionScreen(factors, visitIn(factors));
      await factors.context().close();

      await testInfo.attach('elements reached', {
        contentType: 'text/plain',
        body: [...reached].map(([where, elements]) => `${where}:\n  ${elements.join('\n  ')}`).join('\n'),
      });
      // Every screen state in both schemes, and the walk really went round the shell: the header's
      // product name and (signed in) logout, the footer's language picker and its list.
      expect(reached.size).toBe(22);
      for (const scheme of SCHEMES) {
        const on = (screen: string) => (reached.get(`[${theme} ${scheme}] ${screen}`) ?? []).join('\n');
        expect(on('welcome')).toContain(`button "${PRODUCT_NAMES[theme]}"`);
        expect(on('welcome')).toContain('button "Log out"');
        expect(on('landing')).toContain('button "Language: English (United States)"');
        expect(on('landing, language list open')).toMatch(/Deutsch/);
        expect(on('factor-selection')).toMatch(/radio "Email"/);
      }
      expect(problems, `focus rings under 3:1 or missing, theme ${theme}:\n${problems.join('\n')}\n`).toEqual(
        [],
      );
    });
  });
}
