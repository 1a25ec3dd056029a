import { expect, type Page, test } from '../src/fixtures';
import {
  factorSelectionScreen,
  passwordJourney,
  signedOutScreens,
  smsCodeScreen,
  type VisitScreen,
} from '../src/mainScreens';

// One design system (issue 44): no main screen shows the browser's own form furniture. A visible
// fieldset has no border of its own (the browser's default is a 2 px groove, the grey group box),
// and a visible radio button is part of a kernel choice card (ChoiceList: each card's root is
// `.portal-choice`) and not the browser's small default radio (appearance auto, 13 px). Read from
// the rendered page: getComputedStyle of every visible fieldset and radio, on each main screen
// state in the default theme, light (the factor selection, the screen with radios, in dark too).

const VIEWPORT = { width: 1280, height: 800 };

/** The browser's radio is 13 × 13 px; a kernel control is drawn at least this large. */
const MIN_RADIO_PX = 18;

interface NativeControl {
  what: string;
  problem: string;
}

/** In the page: every visible fieldset with a border, every visible bare native radio. */
function findNativeControls(minRadioPx: number): NativeControl[] {
  const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  const selectorOf = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const classes = [...el.classList]
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('');
    return `${el.tagName.toLowerCase()}${id}${classes}`;
  };
  const visible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    return (
      rect.width > 0 &&
      rect.height > 0 &&
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })
    );
  };
  const found: NativeControl[] = [];

  for (const fieldset of document.querySelectorAll('fieldset')) {
    if (!visible(fieldset)) continue;
    const style = getComputedStyle(fieldset);
    const sides = (['top', 'right', 'bottom', 'left'] as const)
      .map((side) => ({
        side,
        style: style.getPropertyValue(`border-${side}-style`),
        width: Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) || 0,
        colour: style.getPropertyValue(`border-${side}-color`),
      }))
      .filter((border) => border.style !== 'none' && border.style !== 'hidden' && border.width > 0);
    if (sides.length === 0) continue;
    const legend = fieldset.querySelector(':scope > legend');
    const [first] = sides;
    found.push({
      what: `group "${text(legend?.textContent) || text(fieldset.getAttribute('aria-label'))}" (${selectorOf(fieldset)})`,
      problem:
        `has a border: ${first?.width}px ${first?.style} ${first?.colour}` +
        `${sides.length < 4 ? ` (${sides.map((side) => side.side).join(', ')})` : ''}`,
    });
  }

  for (const radio of document.querySelectorAll<HTMLInputElement>('input[type="radio"]')) {
    if (!visible(radio)) continue;
    const style = getComputedStyle(radio);
    const rect = radio.getBoundingClientRect();
    const label = text([...(radio.labels ?? [])].map((l) => l.textContent).join(' ')) || text(radio.value);
    const what = `radio "${label}" (${selectorOf(radio)})`;
    if (!radio.closest('.portal-choice'))
      found.push({
        what,
        problem: 'is a bare native radio: not inside a kernel choice card (.portal-choice)',
      });
    if (rect.width < minRadioPx && style.appearance === 'auto')
      found.push({
        what,
        problem: `is the browser's default radio (${rect.width}×${rect.height} px, appearance auto; at least ${minRadioPx} px)`,
      });
  }
  return found;
}

function checkerFor(page: Page, problems: string[], schemes: readonly ('light' | 'dark')[] = ['light']) {
  const visit: VisitScreen = async (screen) => {
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      const found = await page.evaluate(findNativeControls, MIN_RADIO_PX);
      for (const { what, problem } of found) problems.push(`[${scheme}] ${screen}: ${what} ${problem}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };
  return visit;
}

const failures = (problems: string[]) =>
  `native, unstyled controls on a main screen:\n${problems.join('\n')}\n`;

test.describe('no native radio group or fieldset border on a main screen', () => {
  // The axe guard is off: color-schemes.spec.ts runs axe on the same screens.
  test.use({ axeCheck: false, viewport: VIEWPORT, colorScheme: 'light' });

  test('landing (and its language list), help, not found', async ({ page, pageErrors: _ }) => {
    const problems: string[] = [];
    await signedOutScreens(page, checkerFor(page, problems));
    expect(problems, failures(problems)).toEqual([]);
  });

  test('User ID, password, the assistance dialog, welcome, Manage Credentials', async ({
    page,
    pageErrors: _,
  }) => {
    const problems: string[] = [];
    await passwordJourney(page, checkerFor(page, problems));
    expect(problems, failures(problems)).toEqual([]);
  });

  test('the SMS code', async ({ page, emulator, pageErrors: _ }) => {
    const problems: string[] = [];
    await smsCodeScreen(page, emulator, checkerFor(page, problems));
    expect(problems, failures(problems)).toEqual([]);
  });

  test('factor selection, light and dark', async ({ page, pageErrors: _ }) => {
    const problems: string[] = [];
    let screens = 0;
    const check = checkerFor(page, problems, ['light', 'dark']);
    await factorSelectionScreen(page, async (screen) => {
      screens += 1;
      await check(screen);
    });
    expect(screens).toBe(1);
    expect(problems, failures(problems)).toEqual([]);
  });
});
