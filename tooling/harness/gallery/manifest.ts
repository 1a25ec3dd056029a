import { SOURCE_LOCALE } from '@portal/contributions/locales';

/**
 * The design gallery's manifest (issue 44, 'One design system'; e2e/README.md, "The design
 * gallery"): what the baselines' file names say. Pure: tooling/src/gallery.ts lists the files (at
 * the dev server, each time the page asks) and the page (Gallery.tsx) reads the result.
 *
 * The names the suite writes (e2e/src/screenshots.ts, localePass.ts, designPass.ts), each
 * `<…>-<platform>.png` (Playwright's suffix, `-linux`):
 *   <name>-<width>                                 the ordinary baseline: default theme, light, en-US
 *   <name>-<pseudo-locale>-<width>                 the locale pass (en-XA, ar-XB)
 *   <pseudo-locale>-<name>-<width>                 e2e/tests/pseudo-locales.spec.ts
 *   <name>-<theme>-<scheme>-<locale>-<width>       the design pass
 */

/** One picture: where it is (from the repository's root, `/` separated) and the look it shows. */
export interface GalleryShot {
  file: string;
  theme: string;
  scheme: 'light' | 'dark';
  locale: string;
  width: number;
}

/** A screen (a name in one spec): its pictures. */
export interface GalleryScreen {
  /** `<spec file>#<name>`: unique in the suite (two specs may both have a `password`). */
  id: string;
  name: string;
  /** The spec that takes it, from the repository's root. */
  spec: string;
  shots: GalleryShot[];
}

export interface GalleryManifest {
  /** The values each filter offers, in the gallery's order. */
  themes: string[];
  schemes: ('light' | 'dark')[];
  locales: string[];
  widths: number[];
  screens: GalleryScreen[];
  /** Baselines whose names follow none of the patterns above (shown by name, so none is lost). */
  unparsed: string[];
}

/** The look a baseline's file name gives, and the screen's name; null when it follows no pattern. */
export interface ParsedBaseline {
  name: string;
  theme: string;
  scheme: 'light' | 'dark';
  locale: string;
  width: number;
}

const PSEUDO_LOCALES = ['en-XA', 'ar-XB'];
export const DEFAULT_THEME = 'default';
/** A locale tag as the suite names them: `ar`, `en-US`, `zh-Hans`. */
const LOCALE_TAG = '[a-z]{2,3}(?:-[A-Z][A-Za-z]{1,3})?';
const PLATFORM_SUFFIX = /-(linux|darwin|win32)$/;

/**
 * Reads a baseline's file name (`user-id-fernbrook-dark-ar-320-linux.png`). `themes` are the
 * portal server's theme folders: a design-pass name is one only when its theme is one of them.
 */
export function parseBaselineName(fileName: string, themes: readonly string[]): ParsedBaseline | null {
  if (!fileName.endsWith('.png')) return null;
  const base = fileName.slice(0, -'.png'.length).replace(PLATFORM_SUFFIX, '');
  const sized = /^(?<rest>.+)-(?<width>\d+)$/.exec(base);
  if (!sized?.groups?.rest || !sized.groups.width) return null;
  const { rest } = sized.groups;
  const width = Number(sized.groups.width);

  const themePattern = themes.map((theme) => theme.replace(/[^a-z0-9-]/g, '')).join('|');
  if (themePattern) {
    const design = new RegExp(`^(.+)-(${themePattern})-(light|dark)-(${LOCALE_TAG})$`).exec(rest);
    if (design?.[1] && design[2] && design[4]) {
      const scheme = design[3] === 'dark' ? 'dark' : 'light';
      return { name: design[1], theme: design[2], scheme, locale: design[4], width };
    }
  }
  for (const locale of PSEUDO_LOCALES) {
    if (rest.endsWith(`-${locale}`) && rest.length > locale.length + 1)
      return {
        name: rest.slice(0, -locale.length - 1),
        theme: DEFAULT_THEME,
        scheme: 'light',
        locale,
        width,
      };
    if (rest.startsWith(`${locale}-`) && rest.length > locale.length + 1)
      return { name: rest.slice(locale.length + 1), theme: DEFAULT_THEME, scheme: 'light', locale, width };
  }
  return { name: rest, theme: DEFAULT_THEME, scheme: 'light', locale: SOURCE_LOCALE, width };
}

/** `a` before `b` in `order`; values it does not name after it, alphabetically. */
function byOrder<T extends string | number>(order: readonly T[]) {
  return (a: T, b: T) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    if (ia !== ib) return (ia === -1 ? order.length : ia) - (ib === -1 ? order.length : ib);
    return String(a).localeCompare(String(b));
  };
}

const LOCALE_ORDER = [SOURCE_LOCALE, 'ar', ...PSEUDO_LOCALES];
const SCHEME_ORDER: ('light' | 'dark')[] = ['light', 'dark'];
const WIDTH_ORDER = [1280, 320];

/**
 * The manifest of the baselines `files` (paths from the repository's root, each
 * `<spec folder>/<spec>-snapshots/<picture>.png`): grouped by spec and screen name, each screen's
 * pictures in the gallery's order (theme, scheme, locale, width).
 */
export function buildGalleryManifest(files: readonly string[], themes: readonly string[]): GalleryManifest {
  const screens = new Map<string, GalleryScreen>();
  const unparsed: string[] = [];
  const themeOrder = [DEFAULT_THEME, ...[...themes].filter((t) => t !== DEFAULT_THEME).sort()];
  for (const file of [...files].sort()) {
    const slash = file.lastIndexOf('/');
    const snapshots = /^(?<spec>.+)-snapshots$/.exec(file.slice(0, Math.max(slash, 0)))?.groups?.spec;
    const parsed = parseBaselineName(file.slice(slash + 1), themes);
    if (!snapshots || !parsed) {
      unparsed.push(file);
      continue;
    }
    const id = `${snapshots}#${parsed.name}`;
    const screen = screens.get(id) ?? { id, name: parsed.name, spec: snapshots, shots: [] };
    screen.shots.push({
      file,
      theme: parsed.theme,
      scheme: parsed.scheme,
      locale: parsed.locale,
      width: parsed.width,
    });
    screens.set(id, screen);
  }
  const themeCmp = byOrder(themeOrder);
  const schemeCmp = byOrder(SCHEME_ORDER);
  const localeCmp = byOrder(LOCALE_ORDER);
  const widthCmp = byOrder(WIDTH_ORDER);
  const all = [...screens.values()];
  for (const screen of all) {
    screen.shots.sort(
      (a, b) =>
        themeCmp(a.theme, b.theme) ||
        schemeCmp(a.scheme, b.scheme) ||
        localeCmp(a.locale, b.locale) ||
        widthCmp(a.width, b.width),
    );
  }
  const shots = all.flatMap((screen) => screen.shots);
  const distinct = <T>(values: T[]) => [...new Set(values)];
  return {
    themes: distinct([...themeOrder, ...shots.map((s) => s.theme)]).sort(themeCmp),
    schemes: [...SCHEME_ORDER],
    locales: distinct([...LOCALE_ORDER, ...shots.map((s) => s.locale)]).sort(localeCmp),
    widths: distinct([...WIDTH_ORDER, ...shots.map((s) => s.width)]).sort(widthCmp),
    screens: all.sort((a, b) => a.name.localeCompare(b.name) || a.spec.localeCompare(b.spec)),
    unparsed,
  };
}

/** Where the gallery's page asks for its manifest, and for each picture (`<prefix><file>`). */
export const GALLERY_MANIFEST_PATH = '/gallery/manifest.json';
export const GALLERY_SHOT_PREFIX = '/gallery/shots/';

/** What the gallery's filters let through: each dimension's chosen values, and a part of the screen's name. */
export interface GallerySelection {
  themes: readonly string[];
  schemes: readonly string[];
  locales: readonly string[];
  widths: readonly number[];
  /** Shown when the screen's name or spec contains it (any case); '' for every screen. */
  screen: string;
}

/** Every value of every filter: the gallery's first view. */
export function selectAll(manifest: GalleryManifest): GallerySelection {
  return {
    themes: manifest.themes,
    schemes: manifest.schemes,
    locales: manifest.locales,
    widths: manifest.widths,
    screen: '',
  };
}

/** The screens with a picture the selection lets through, each with those pictures only. */
export function selectShots(manifest: GalleryManifest, selection: GallerySelection): GalleryScreen[] {
  const text = selection.screen.trim().toLowerCase();
  return manifest.screens
    .filter((screen) => !text || `${screen.name} ${screen.spec}`.toLowerCase().includes(text))
    .map((screen) => ({
      ...screen,
      shots: screen.shots.filter(
        (shot) =>
          selection.themes.includes(shot.theme) &&
          selection.schemes.includes(shot.scheme) &&
          selection.locales.includes(shot.locale) &&
          selection.widths.includes(shot.width),
      ),
    }))
    .filter((screen) => screen.shots.length > 0);
}

/** The selection as an address's query (`?theme=fernbrook&scheme=dark`…): a view to send a colleague. */
export function selectionToQuery(manifest: GalleryManifest, selection: GallerySelection): string {
  const params = new URLSearchParams();
  const keep = <T>(key: string, chosen: readonly T[], all: readonly T[]) => {
    if (chosen.length === all.length) return;
    for (const value of chosen) params.append(key, String(value));
    if (chosen.length === 0) params.append(key, '');
  };
  keep('theme', selection.themes, manifest.themes);
  keep('scheme', selection.schemes, manifest.schemes);
  keep('locale', selection.locales, manifest.locales);
  keep('width', selection.widths, manifest.widths);
  if (selection.screen) params.set('screen', selection.screen);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The selection an address's query names; a dimension it does not name keeps every value. */
export function selectionFromQuery(manifest: GalleryManifest, search: string): GallerySelection {
  const params = new URLSearchParams(search);
  const pick = <T>(key: string, all: readonly T[]): readonly T[] =>
    params.has(key) ? all.filter((value) => params.getAll(key).includes(String(value))) : all;
  return {
    themes: pick('theme', manifest.themes),
    schemes: pick('scheme', manifest.schemes),
    locales: pick('locale', manifest.locales),
    widths: pick('width', manifest.widths),
    screen: params.get('screen') ?? '',
  };
}

/** The alt text of a picture: the screen and the look it shows. */
export function shotDescription(screen: Pick<GalleryScreen, 'name'>, shot: GalleryShot): string {
  return `${screen.name}: ${shot.theme} theme, ${shot.scheme}, ${shot.locale}, ${shot.width} px`;
}
