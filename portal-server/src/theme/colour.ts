import Color from 'colorjs.io';

/**
 * The colour maths of themes, all of it colorjs.io's: parsing, WCAG 2 contrast, OKLCH steps and
 * gamut mapping. Colours travel as lower-case #rrggbb.
 */

/** An opaque CSS colour as #rrggbb, or undefined when it is not one (unparsable, translucent). */
export function parseColour(value: string): string | undefined {
  let colour: Color;
  try {
    colour = new Color(value);
  } catch {
    return undefined;
  }
  if (colour.alpha !== null && Number(colour.alpha) < 1) return undefined;
  return hexOf(colour);
}

function hexOf(colour: Color): string {
  return colour.toGamut({ space: 'srgb' }).to('srgb').toString({ format: 'hex', collapse: false });
}

/** The WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  return new Color(a).contrast(new Color(b), 'WCAG21');
}

/** Whether `a` is lighter than `b` (WCAG relative luminance). */
export function isLighter(a: string, b: string): boolean {
  return new Color(a).luminance > new Color(b).luminance;
}

/** OKLCH lightness steps: fine enough that the first passing step is barely past the threshold. */
const STEP = 0.01;

/**
 * The colour's OKLCH lightness moved by `by`, its hue kept; made darker, its chroma falls with its
 * lightness (a darker shade of the same ink, not a more saturated one), then mapped into sRGB.
 */
export function shiftLightness(hex: string, by: number): string {
  const [l, c, h] = oklch(hex);
  const next = Math.min(1, Math.max(0, l + by));
  return fromOklch(next, by < 0 && l > 0 ? (c * next) / l : c, h);
}

/**
 * The first colour, stepping the OKLCH lightness of `hex` towards white (`up`) or black, for which
 * `good` holds: the colour itself when it already does. Hue and chroma are kept as far as sRGB
 * allows. Undefined when not even white or black will do.
 */
export function stepUntil(
  hex: string,
  direction: 'up' | 'down',
  good: (candidate: string) => boolean,
): string | undefined {
  if (good(hex)) return hex;
  const [l, c, h] = oklch(hex);
  const sign = direction === 'up' ? 1 : -1;
  for (let step = 1; ; step += 1) {
    const next = l + sign * step * STEP;
    const candidate = fromOklch(Math.min(1, Math.max(0, next)), c, h);
    if (good(candidate)) return candidate;
    if (next <= 0 || next >= 1) return undefined;
  }
}

function oklch(hex: string): [number, number, number] {
  const [l, c, h] = new Color(hex).to('oklch').coords;
  // An achromatic colour has no hue (null): any will do, its chroma is 0.
  return [Number(l ?? 0), Number(c ?? 0), Number.isFinite(Number(h)) ? Number(h) : 0];
}

function fromOklch(l: number, c: number, h: number): string {
  return hexOf(new Color('oklch', [l, c, h]));
}
