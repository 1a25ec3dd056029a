import type { FastifyBaseLogger } from 'fastify';
import type { HostPage, HostPages } from '../host/hostSource.js';
import { CanarySession } from '../remotes/canarySession.js';
import type { EnvironmentBody, PortalConfigBody } from '../routes/configBodies.js';
import { type HostPlan, pageLocales } from './hostPlan.js';
import type { LiveContributions } from './liveContributions.js';
import { AS_BUILT_PAGE, NOT_FOUND_PAGE, PageCache, type PageKeyParts } from './pageCache.js';
import { type PlannedRemote, buildPlan, screenFor } from './plan.js';
import type { ScreenMarkup, ScreenMarkupRead } from './screenMarkup.js';
import type { ResolvedRemote } from './manifestSchema.js';
import { type InlineStylesheet, inlineStylesheet } from './inlineStylesheet.js';
import { composeFirstScreen } from './shellMarkup.js';
import type { MergedContributions } from '@portal/contributions/merge';
import { PlannedPage } from './plannedPage.js';
import { renderIndex } from './renderIndex.js';
import { localisedContributions } from '../i18n/localisedContributions.js';
import { type LocaleRequest, negotiateLocale, SOURCE_LOCALE } from '../i18n/negotiateLocale.js';
import type { SessionRemotes } from './sessionRemotes.js';
import type { CachedRead } from '../files/statCachedFile.js';
import type { Theme } from '../theme/loadTheme.js';

export interface FirstLoadPageOptions {
  /** The host build a session gets (the live host release, its canary, or HOST_DIST). */
  host: HostPages;
  /** The session's builds of remotes.json (pinned: entries on other origins are already refused). */
  remotes: SessionRemotes;
  /** Their contributions merged, fail closed. */
  contributions: LiveContributions;
  /** The environment body as of this request (its service URL may name the bound port). */
  environment: () => EnvironmentBody;
  portalConfig: PortalConfigBody;
  log: FastifyBaseLogger;
  /** The planned pages (tests pass a small one); default a PageCache of MAX_CACHED_PAGES. */
  cache?: PageCache;
  /** Reads and checks the remotes' prerendered screens; without it every page is client-rendered. */
  screenMarkup?: ScreenMarkup;
  /** This portal's origin (PUBLIC_ORIGIN or the bound port): a remote on it compares full URLs. */
  publicOrigin?: () => string;
  /**
   * The theme (THEME_FILE): its token stylesheet inline in every page's <head> (allowed by its
   * hash), its product name and logo in the rendered header. None: the host as built.
   */
  theme?: Pick<Theme, 'stylesheet' | 'brand' | 'key'>;
}

export type RenderedPage = { ok: true; page: PlannedPage } | { ok: false };

/** A request that says nothing about its language (tests, the page cache's warm-up). */
const NO_LANGUAGE = { search: '', cookie: undefined, acceptLanguage: undefined };

/**
 * index.html for one page load: the session's host build's template with the first screen's
 * preloads and the bootstrap block, from its first-load.json, remotes.json as it is now and the
 * remotes' manifests (their files and their contributions). A remote promoted in remotes.json is in
 * the next page's plan, its routes in the next page's router; the host is never rebuilt for it.
 *
 * Every page load still reads what the page is made of (host.json, remotes.json and the session's
 * manifests, each a stat when unchanged), but a page planned before from the same parts (route,
 * host build, the session's builds as resolved, environment) is taken from the cache with its
 * compressed bodies (pageCache.ts): planning, rendering and compressing happen once per key.
 */
export class FirstLoadPage {
  private readonly cache: PageCache;

  constructor(private readonly options: FirstLoadPageOptions) {
    this.cache = options.cache ?? new PageCache();
  }

  /** ok: false when the host is not built (no index.html). */
  async render(
    pathname: string,
    session = new CanarySession(),
    language: Omit<LocaleRequest, 'pathname'> = NO_LANGUAGE,
  ): Promise<RenderedPage> {
    const host = await this.options.host.page(session);
    const { template } = host;
    const hostPlan = this.readHostPlan(host.plan);
    if (!template.result.ok) return { ok: false };
    const built = template.result.value;
    if (!built.split && template.fresh) {
      this.options.log.warn({ host: host.source }, 'index.html has no </head>: no first-load plan');
    }
    const environment = this.options.environment();
    const { theme } = this.options;
    // The page's key names the theme: a page planned under one theme is never served under another.
    const parts = { template: template.result, plan: host.plan.result, environment, theme: theme?.key };
    // The theme's stylesheet goes wherever <head> can take it, with or without a plan.
    const themeHashes = theme && built.split ? [theme.stylesheet.hash] : [];
    if (!hostPlan) {
      const page = this.cached(
        { ...parts, route: AS_BUILT_PAGE, remotes: undefined },
        () => new PlannedPage(renderIndex(built, undefined, theme?.stylesheet), undefined, themeHashes),
      );
      return { ok: true, page };
    }

    const remotes = await this.options.remotes.read(session);
    // Merged once per configuration (memoised), and reported handed out with every page.
    const contributions = this.options.contributions.merge(remotes);
    const locale = negotiateLocale({ pathname, ...language }, pageLocales(hostPlan));
    // The screens are rendered at build time in the source locale, en-US: a page in any other
    // locale is client-rendered (docs/architecture.md, "The rendered first screen").
    const rendered = locale === SOURCE_LOCALE ? renderedRoute(pathname, remotes, contributions) : undefined;
    const screen = rendered ? await this.renderedScreen(rendered, hostPlan) : undefined;
    const stylesheets =
      rendered && screen?.ok === true && hostPlan.shell !== undefined
        ? await this.inlineStylesheets(host, rendered, hostPlan)
        : new Map<string, InlineStylesheet>();
    const publicOrigin = this.options.publicOrigin?.();
    // The screen's markup and stylesheets as read are part of the key: a re-staged or repaired file
    // is a new page.
    const styles = [
      publicOrigin ?? '',
      ...[...stylesheets.values()].map((sheet) => `${sheet.href} ${sheet.hash}`),
    ];
    // The page is the same for every path that opens on the same screen (plan.ts reads the path
    // only through screenFor; the locale, which may read it too, is a part of its own).
    const route = screenFor(contributions.routes, pathname)?.path ?? NOT_FOUND_PAGE;
    const page = this.cached({ ...parts, route, locale, remotes, screen, styles }, () => {
      const { portalConfig } = this.options;
      const firstScreen =
        screen?.ok && hostPlan.shell !== undefined
          ? this.composed(pathname, {
              shell: hostPlan.shell,
              screen: screen.value,
              privacyStatementUrl: portalConfig.privacyStatementUrl,
              termsOfUseUrl: portalConfig.termsOfUseUrl,
              footerLinks: contributions.links.filter((link) => link.slot === 'footer'),
              // The theme's name, else the kernel's own in the page's locale (first-load.json).
              productName: theme?.brand.productName ?? hostPlan.documentWords[locale]?.productName,
              logoUrl: theme?.brand.logoUrl,
            })
          : undefined;
      const plan = buildPlan({
        hostPlan,
        pathname,
        locale,
        remotes,
        contributions: localisedContributions(contributions, remotes, locale),
        environment,
        portalConfig,
        ...(firstScreen === undefined ? {} : { firstScreen, inlineStylesheets: stylesheets }),
        ...(publicOrigin === undefined ? {} : { publicOrigin }),
      });
      const styleHashes = [
        ...themeHashes,
        ...plan.preloads.flatMap((preload) => (preload.inline ? [preload.inline.hash] : [])),
      ];
      return new PlannedPage(renderIndex(built, plan, theme?.stylesheet), contributions, styleHashes);
    });
    return { ok: true, page };
  }

  /**
   * The prerendered markup of the route's screen (docs/architecture.md, "The rendered first screen"):
   * only for a guard-A screen, only from the session's build of the remote that shows it (its
   * manifest verified, the file checked against the manifest's sha384), only with a host build that
   * rendered its shell. Undefined: the page is client-rendered as before.
   */
  private async renderedScreen(
    { route, resolved }: RenderedRoute,
    hostPlan: HostPlan,
  ): Promise<ScreenMarkupRead | undefined> {
    if (hostPlan.shell === undefined || !Object.hasOwn(resolved.prerender, route.expose)) return undefined;
    const href = resolved.prerender[route.expose];
    return href === undefined ? undefined : this.releaseText(resolved, href, 'screen');
  }

  /**
   * The stylesheets a rendered first screen carries inline (inlineStylesheet.ts), by href: the host
   * build's start-up ones, read from that build, and the screen's, read from the remote's release
   * folder and checked against its manifest's sha384 like the markup. One that cannot be read,
   * fails its check or cannot be a <style> is left out, and the page links it as before.
   */
  private async inlineStylesheets(
    host: HostPage,
    { route, resolved }: RenderedRoute,
    hostPlan: HostPlan,
  ): Promise<Map<string, InlineStylesheet>> {
    const hostSheets = [...hostPlan.host.css, ...hostPlan.last.css].map((href) =>
      host.stylesheet(href).then((text) => (text === undefined ? undefined : inlineStylesheet(href, text))),
    );
    const screenCss = Object.hasOwn(resolved.exposes, route.expose)
      ? resolved.exposes[route.expose]?.css
      : [];
    const screenSheets = (screenCss ?? []).map((href) =>
      this.releaseText(resolved, href, 'stylesheet').then((read) =>
        read?.ok ? inlineStylesheet(href, read.value) : undefined,
      ),
    );
    const sheets = await Promise.all([...hostSheets, ...screenSheets]);
    return new Map(sheets.flatMap((sheet) => (sheet ? [[sheet.href, sheet] as const] : [])));
  }

  /** A file of the remote's release, read and checked against the sha384 its manifest gives it. */
  private async releaseText(
    resolved: ResolvedRemote,
    href: string,
    purpose: 'screen' | 'stylesheet',
  ): Promise<ScreenMarkupRead | undefined> {
    const reader = this.options.screenMarkup;
    const integrity = Object.hasOwn(resolved.files, href) ? resolved.files[href] : undefined;
    return reader && integrity !== undefined ? reader.read(href, integrity, purpose) : undefined;
  }

  /** The shell and screen composed, or undefined (logged) when the host's shell lacks a place. */
  private composed(pathname: string, input: Parameters<typeof composeFirstScreen>[0]): string | undefined {
    const html = composeFirstScreen(input);
    if (html === undefined)
      this.options.log.warn(
        { pathname },
        "the host's shell markup has no place for the screen: page client-rendered",
      );
    return html;
  }

  /** The page of these parts: planned before, or now. */
  private cached(parts: PageKeyParts, plan: () => PlannedPage): PlannedPage {
    const key = this.cache.key(parts);
    const known = this.cache.get(key);
    if (known) return known;
    const page = plan();
    this.cache.set(key, page);
    return page;
  }

  /** The plan file, or undefined ("no plan": the page is served as built); a problem is logged once. */
  private readHostPlan({ result, fresh }: CachedRead<HostPlan>): HostPlan | undefined {
    if (result.ok) return result.value;
    if (fresh)
      this.options.log.warn({ reason: result.error }, 'no first-load plan: index.html served as built');
    return undefined;
  }
}

/** A guard-A route and the session's build of the remote that shows it: a page that may be rendered. */
interface RenderedRoute {
  route: MergedContributions['routes'][number];
  resolved: ResolvedRemote;
}

function renderedRoute(
  pathname: string,
  remotes: ReadonlyMap<string, PlannedRemote>,
  contributions: MergedContributions,
): RenderedRoute | undefined {
  const route = screenFor(contributions.routes, pathname);
  if (route?.guard !== 'A') return undefined;
  const resolved = remotes.get(route.remote)?.resolved;
  return resolved ? { route, resolved } : undefined;
}
