import type { FastifyBaseLogger } from 'fastify';
import type { HostPages } from '../host/hostSource.js';
import type { ProductConfig } from '../productConfig.js';
import { CanarySession } from '../remotes/canarySession.js';
import type { EnvironmentBody } from '../routes/configBodies.js';
import type { HostPlan } from './hostPlan.js';
import type { LiveContributions } from './liveContributions.js';
import { PageCache, type PageKeyParts } from './pageCache.js';
import { buildPlan } from './plan.js';
import { PlannedPage } from './plannedPage.js';
import { renderIndex } from './renderIndex.js';
import type { SessionRemotes } from './sessionRemotes.js';
import type { CachedRead } from '../files/statCachedFile.js';

export interface FirstLoadPageOptions {
  /** The host build a session gets (the live host release, its canary, or HOST_DIST). */
  host: HostPages;
  /** The session's builds of remotes.json (pinned: entries on other origins are already refused). */
  remotes: SessionRemotes;
  /** Their contributions merged, fail closed. */
  contributions: LiveContributions;
  /** The environment body as of this request (its service URL may name the bound port). */
  environment: () => EnvironmentBody;
  portalConfig: ProductConfig;
  log: FastifyBaseLogger;
  /** The planned pages (tests pass a small one); default a PageCache of MAX_CACHED_PAGES. */
  cache?: PageCache;
}

export type RenderedPage = { ok: true; page: PlannedPage } | { ok: false };

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
  async render(pathname: string, session = new CanarySession(undefined)): Promise<RenderedPage> {
    const host = await this.options.host.page(session);
    const { template } = host;
    const hostPlan = this.readHostPlan(host.plan);
    if (!template.result.ok) return { ok: false };
    const built = template.result.value;
    if (!built.split && template.fresh) {
      this.options.log.warn({ host: host.source }, 'index.html has no </head>: no first-load plan');
    }
    const environment = this.options.environment();
    const parts = { pathname, template: template.result, plan: host.plan.result, environment };
    if (!hostPlan) {
      const page = this.cached(
        { ...parts, remotes: undefined },
        () => new PlannedPage(built.html, undefined),
      );
      return { ok: true, page };
    }

    const remotes = await this.options.remotes.read(session);
    const page = this.cached({ ...parts, remotes }, () => {
      const contributions = this.options.contributions.merge(remotes);
      const plan = buildPlan({
        hostPlan,
        pathname,
        remotes,
        contributions,
        environment,
        portalConfig: this.options.portalConfig,
      });
      return new PlannedPage(renderIndex(built, plan), contributions);
    });
    return { ok: true, page };
  }

  /** The page of these parts: planned before (its contributions reported handed out again), or now. */
  private cached(parts: PageKeyParts, plan: () => PlannedPage): PlannedPage {
    const key = this.cache.key(parts);
    const known = this.cache.get(key);
    if (known) {
      if (known.contributions) this.options.contributions.handedOut(known.contributions);
      return known;
    }
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
