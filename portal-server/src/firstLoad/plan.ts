import type { MergedContributions } from '@portal/contributions/merge';
import type { EnvironmentBody, PortalConfigBody } from '../routes/configBodies.js';
import type { DocumentWords, HostPlan } from './hostPlan.js';
import type { SessionBuild } from '../remotes/remoteEntry.js';
import type { ResolvedRemote } from './manifestSchema.js';
import { localeDirection } from '../i18n/negotiateLocale.js';
import type { InlineStylesheet } from './inlineStylesheet.js';
import { isAbsolutePath } from './urls.js';

/** The page's first call on a login screen (login start, step 1), answered by this server. */
export const CLIENT_TOKEN_HREF = '/v1/token/generate/client_token';

export interface Preload {
  href: string;
  as: 'script' | 'style' | 'fetch';
  /** crossorigin="anonymous": a preload is reused only if it matches how the page requests the file. */
  crossOrigin: boolean;
  /** The file's sha384, as the script or stylesheet that uses the preload will carry it. */
  integrity?: string;
  /**
   * A stylesheet the rendered first screen needs: applied from <head> (render-blocking, so the
   * markup never shows unstyled) instead of only preloaded.
   */
  apply?: boolean;
  /**
   * An applied stylesheet the page carries inline (inlineStylesheet.ts): its text, its CSP hash and
   * the href of the inert <link> that tells the federation runtime the file is already applied.
   */
  inline?: { css: string; hash: string; runtimeHref: string };
}

/**
 * One remote in the bootstrap block: its remotes.json entry, and its container entry with that
 * file's sha384 only when its manifest could be read and matched the integrity remotes.json gives.
 */
export interface BootstrapRemote {
  manifest: string;
  integrity: string;
  entry?: string;
  /** The sha384 of the files the host's federation runtime loads itself: the container entry. */
  files?: Record<string, string>;
}

/** What the host reads at start from #portal-bootstrap instead of fetching it. */
export interface Bootstrap {
  version: 1;
  remotes: Record<string, BootstrapRemote>;
  environment: EnvironmentBody;
  portalConfig: PortalConfigBody;
  /**
   * The live builds' contributions merged (liveContributions.ts): the routes, next actions,
   * factors and links the host builds its router and dispatch from; the same body as
   * GET /v1/config/contributions for this session.
   */
  contributions: MergedContributions;
}

export interface FirstLoadPlan {
  /**
   * The page's locale (negotiated per request) and its direction: `<html lang dir>`; and the
   * page's own words (`<title>`, `<noscript>`) in it, where the host build gives them.
   */
  locale?: { tag: string; dir: 'ltr' | 'rtl'; words?: DocumentWords };
  preloads: Preload[];
  bootstrap: Bootstrap;
  /** The rendered first screen for <div id="root"> (shell and screen), when the route has one. */
  firstScreen?: string;
}

export interface PlannedRemote {
  entry: SessionBuild;
  resolved: ResolvedRemote | undefined;
}

export interface PlanInput {
  hostPlan: HostPlan;
  /** The request's path, without the query. */
  pathname: string;
  /** The page's locale (i18n/negotiateLocale.ts): its catalogues are preloaded, no other's. */
  locale: string;
  /** Every (pinned) remote of remotes.json with what its manifest gave, by name. */
  remotes: ReadonlyMap<string, PlannedRemote>;
  /** Those remotes' contributions merged: which route is whose screen. */
  contributions: MergedContributions;
  environment: EnvironmentBody;
  portalConfig: PortalConfigBody;
  /**
   * The route's rendered first screen (shell and screen, composed), only for a guard-A screen whose
   * markup the session's build of its remote provides and passed its check.
   */
  firstScreen?: string;
  /**
   * The rendered first screen's stylesheets that can be inline, by href (read and checked by
   * firstLoadPage.ts); one not here is linked from <head> as before.
   */
  inlineStylesheets?: ReadonlyMap<string, InlineStylesheet>;
  /** This portal's origin: a remote on it compares its stylesheets' URLs in full. */
  publicOrigin?: string;
}

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** Where guards B and C send a page without a session: the kernel's home address. */
export const HOME_PATH = '/';

type Screen = MergedContributions['routes'][number];

/**
 * The screen a fresh page load shows at `pathname`, from the live remotes' routes. Tokens live in
 * memory, so a new page has no session: routes behind guard B or C are redirected by the host to
 * HOME_PATH, whose screen is the one to preload. No route (the SPA's 404 page) means no screen.
 */
export function screenFor(routes: readonly Screen[], pathname: string): Screen | undefined {
  const find = (target: string) =>
    routes.find((route) => withoutTrailingSlash(route.path) === withoutTrailingSlash(target));
  const route = find(pathname);
  if (!route) return undefined;
  if (route.guard === 'A' || route.guard === 'none') return route;
  return find(HOME_PATH);
}

/** Same-origin files carry no crossorigin attribute; files from other origins are fetched with CORS. */
function chunk(href: string, as: Preload['as']): Preload {
  return { href, as, crossOrigin: !isAbsolutePath(href) };
}

/** The preloads and bootstrap block for one page load (pure: everything read is in the input). */
export function buildPlan(input: PlanInput): FirstLoadPlan {
  const { hostPlan } = input;
  // In the order the start-up needs them, since the browser asks for files in that order (on
  // HTTP/1.1, six at a time): main.js first of the scripts, React's renderer last, the client token
  // after it; the stylesheets go before all of them (stylesheetsFirst; bench/README.md, issue 25).
  const preloads: Preload[] = [
    ...(hostPlan.entry === undefined ? [] : [chunk(hostPlan.entry, 'script')]),
    ...hostPlan.host.js.map((href) => chunk(href, 'script')),
    ...hostPlan.host.css.map((href) => chunk(href, 'style')),
  ];
  // The kernel's words in the page's locale: the first render waits for them.
  const kernelCatalogue = Object.hasOwn(hostPlan.catalogues, input.locale)
    ? hostPlan.catalogues[input.locale]
    : undefined;
  if (kernelCatalogue) preloads.push(chunk(kernelCatalogue, 'script'));

  const screen = screenFor(input.contributions.routes, input.pathname);
  // The landing and login screens (guard A) are what the host build kept the deferred chunks out
  // of; any other screen a page opens on (help, cookie notice, end pages) may need them.
  if (screen && screen.guard !== 'A') {
    preloads.push(...hostPlan.deferred.js.map((href) => chunk(href, 'script')));
    preloads.push(...hostPlan.deferred.css.map((href) => chunk(href, 'style')));
  }
  const resolved = screen ? input.remotes.get(screen.remote)?.resolved : undefined;
  if (screen && resolved) {
    // Every file of a remote is requested with CORS and its sha384, on any origin: remoteEntry.js
    // by the host's integrity plugin, chunks and stylesheets by the remote's own runtime.
    const remoteFile = (href: string, as: Preload['as']): Preload => {
      const integrity = Object.hasOwn(resolved.files, href) ? resolved.files[href] : undefined;
      return { href, as, crossOrigin: true, ...(integrity ? { integrity } : {}) };
    };
    preloads.push(remoteFile(resolved.entry, 'script'));
    const assets = Object.hasOwn(resolved.exposes, screen.expose)
      ? resolved.exposes[screen.expose]
      : undefined;
    for (const href of assets?.js ?? []) preloads.push(remoteFile(href, 'script'));
    for (const href of assets?.css ?? []) preloads.push(remoteFile(href, 'style'));
    // The screen's words in the page's locale, and only those.
    const catalogue = Object.hasOwn(resolved.catalogues, input.locale)
      ? resolved.catalogues[input.locale]
      : undefined;
    if (catalogue) preloads.push(remoteFile(catalogue, 'script'));
  }
  preloads.push(...hostPlan.last.js.map((href) => chunk(href, 'script')));
  preloads.push(...hostPlan.last.css.map((href) => chunk(href, 'style')));
  // A login screen's first call is the client token: preloaded, it arrives with the scripts instead
  // of after them (the page's fetch takes the preloaded reply: same URL, CORS mode, credentials).
  // Requested last: the form is usable without it, and a submit comes after the app runs.
  if (screen?.startsLogin) preloads.push({ href: CLIENT_TOKEN_HREF, as: 'fetch', crossOrigin: true });
  // The rendered first screen is styled before its first paint: the host's start-up stylesheets
  // and the screen's are applied from <head>, not only preloaded.
  const firstScreen = screen?.guard === 'A' ? input.firstScreen : undefined;
  if (firstScreen !== undefined) {
    for (const preload of preloads) {
      if (preload.as !== 'style') continue;
      preload.apply = true;
      const inline = input.inlineStylesheets?.get(preload.href);
      if (inline)
        preload.inline = { css: inline.css, hash: inline.hash, runtimeHref: runtimeHref(preload, input) };
    }
  }

  const planned = remotesPlannedInFull(screen);
  const remotes: Record<string, BootstrapRemote> = Object.fromEntries(
    [...input.remotes].map(([name, { entry, resolved: remote }]) => [
      name,
      remote && (planned === 'all' || planned.has(name))
        ? { ...entry, entry: remote.entry, files: entryIntegrity(remote) }
        : { manifest: entry.manifest, integrity: entry.integrity },
    ]),
  );

  const words = Object.hasOwn(hostPlan.documentWords, input.locale)
    ? pageWords(hostPlan.documentWords[input.locale], screen, localeDirection(input.locale))
    : undefined;
  return {
    locale: {
      tag: input.locale,
      dir: localeDirection(input.locale),
      ...(words ? { words } : {}),
    },
    preloads: stylesheetsFirst(dedupe(preloads)),
    ...(firstScreen === undefined ? {} : { firstScreen }),
    bootstrap: {
      version: 1,
      remotes,
      environment: input.environment,
      portalConfig: input.portalConfig,
      contributions: input.contributions,
    },
  };
}

/**
 * The page's own words, its title naming the screen it opens on as the app names it once it runs
 * (host/src/shell/useScreenArrival.ts: the contributed route's title in the page's words; on a
 * right-to-left page an isolate, as the kernel puts every text argument): a screen reader says
 * which screen this is from the first byte, and the app has no title to set.
 */
function pageWords(
  words: DocumentWords | undefined,
  screen: Screen | undefined,
  direction: 'ltr' | 'rtl',
): DocumentWords | undefined {
  if (!words?.screenTitle || !screen) return words;
  const { screenTitle, ...rest } = words;
  const name = direction === 'rtl' ? `\u2068${screen.title}\u2069` : screen.title;
  return { ...rest, title: screenTitle.replace('{screen}', () => name) };
}

/**
 * What the host needs of a remote it starts at once: the sha384 of its container entry, the only
 * file of a remote the host's federation runtime loads itself (portalIntegrityPlugin). The screens'
 * chunks and stylesheets are loaded by the remote's own runtime, which carries their hashes in the
 * entry; the first screen's files are in the page's preloads with theirs. The hashes do not
 * compress: every file of remote-login cost about 2.4 KB of the page on a phone (issue 25).
 */
function entryIntegrity(remote: ResolvedRemote): Record<string, string> {
  const integrity = Object.hasOwn(remote.files, remote.entry) ? remote.files[remote.entry] : undefined;
  return integrity === undefined ? {} : { [remote.entry]: integrity };
}

/**
 * The remotes the bootstrap describes in full (the entry and its sha384): the first
 * screen's. Every other remote is named by its manifest and the manifest's sha384 only; the host
 * reads and checks that manifest itself the first time it needs the remote
 * (host/src/federation/remoteRegistry.ts, ensureRegistered), which for the likely next screens is
 * while it prefetches them, after the first screen runs. The hashes of a remote's files do not
 * compress: described in full, each remote cost about 2 KB of the page on a phone (issue 25). A
 * page with no screen (the host's not-found page) keeps every remote in full.
 */
function remotesPlannedInFull(screen: Screen | undefined): Set<string> | 'all' {
  return screen ? new Set([screen.remote]) : 'all';
}

/**
 * The href a federation runtime compares before it adds a stylesheet's <link>: the host's runtime
 * (public path '/') the path as planned; a remote's (its public path is its entry's full URL) the
 * full URL of a file on this origin. A <link> it finds with that href counts as applied.
 */
function runtimeHref(preload: Preload, input: Pick<PlanInput, 'publicOrigin'>): string {
  const remoteFile = preload.crossOrigin && isAbsolutePath(preload.href);
  return remoteFile && input.publicOrigin ? `${input.publicOrigin}${preload.href}` : preload.href;
}

/**
 * The stylesheets before everything else, each group in its own order: they are small and hold the
 * first paint (render-blocking on a rendered first screen), and the browser gives the first six
 * requests their connections in the order it meets the tags, so a stylesheet after four scripts
 * waited a round trip for a free one and the field was seen about 150 ms later (issue 25).
 */
function stylesheetsFirst(preloads: Preload[]): Preload[] {
  return [
    ...preloads.filter((preload) => preload.as === 'style'),
    ...preloads.filter((preload) => preload.as !== 'style'),
  ];
}

function dedupe(preloads: Preload[]): Preload[] {
  const seen = new Set<string>();
  return preloads.filter((preload) => {
    if (seen.has(preload.href)) return false;
    seen.add(preload.href);
    return true;
  });
}
