import type { FastifyBaseLogger } from 'fastify';
import type { HostPages } from '../host/hostSource.js';
import type { ProductConfig } from '../productConfig.js';
import { CanarySession } from '../remotes/canarySession.js';
import type { EnvironmentBody } from '../routes/configBodies.js';
import type { HostPlan } from './hostPlan.js';
import type { LiveContributions } from './liveContributions.js';
import { buildPlan } from './plan.js';
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
}

export type RenderedPage = { ok: true; html: string } | { ok: false };

/**
 * index.html for one page load: the session's host build's template with the first screen's
 * preloads and the bootstrap block, from its first-load.json, remotes.json as it is now and the
 * remotes' manifests (their files and their contributions). A remote promoted in remotes.json is in
 * the next page's plan, its routes in the next page's router; the host is never rebuilt for it.
 */
export class FirstLoadPage {
  constructor(private readonly options: FirstLoadPageOptions) {}

  /** ok: false when the host is not built (no index.html). */
  async render(pathname: string, session = new CanarySession(undefined)): Promise<RenderedPage> {
    const host = await this.options.host.page(session);
    const { template } = host;
    const hostPlan = this.readHostPlan(host.plan);
    if (!template.result.ok) return { ok: false };
    if (!template.result.value.split && template.fresh) {
      this.options.log.warn({ host: host.source }, 'index.html has no </head>: no first-load plan');
    }
    if (!hostPlan) return { ok: true, html: template.result.value.html };

    const remotes = await this.options.remotes.read(session);
    const plan = buildPlan({
      hostPlan,
      pathname,
      remotes,
      contributions: this.options.contributions.merge(remotes),
      environment: this.options.environment(),
      portalConfig: this.options.portalConfig,
    });
    return { ok: true, html: renderIndex(template.result.value, plan) };
  }

  /** The plan file, or undefined ("no plan": the page is served as built); a problem is logged once. */
  private readHostPlan({ result, fresh }: CachedRead<HostPlan>): HostPlan | undefined {
    if (result.ok) return result.value;
    if (fresh)
      this.options.log.warn({ reason: result.error }, 'no first-load plan: index.html served as built');
    return undefined;
  }
}
