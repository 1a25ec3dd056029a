import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ProductConfig } from '../productConfig.js';
import { CanarySession } from '../remotes/canarySession.js';
import type { EnvironmentBody } from '../routes/configBodies.js';
import { HOST_PLAN_FILE, type HostPlan, parseHostPlan } from './hostPlan.js';
import type { LiveContributions } from './liveContributions.js';
import { buildPlan } from './plan.js';
import { type IndexTemplate, renderIndex, splitTemplate } from './renderIndex.js';
import type { SessionRemotes } from './sessionRemotes.js';
import { StatCachedFile } from '../files/statCachedFile.js';

export interface FirstLoadPageOptions {
  hostDist: string;
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
 * index.html for one page load: the host build's template with the first screen's preloads and the
 * bootstrap block, from first-load.json, remotes.json as it is now and the remotes' manifests (their
 * files and their contributions). A remote promoted in remotes.json is in the next page's plan, its
 * routes in the next page's router; the host is never rebuilt for it.
 */
export class FirstLoadPage {
  private readonly template: StatCachedFile<IndexTemplate>;
  private readonly hostPlan: StatCachedFile<HostPlan>;

  constructor(private readonly options: FirstLoadPageOptions) {
    this.template = new StatCachedFile(path.join(options.hostDist, 'index.html'), (text) => ({
      ok: true,
      value: splitTemplate(text),
    }));
    this.hostPlan = new StatCachedFile(path.join(options.hostDist, HOST_PLAN_FILE), parseHostPlan);
  }

  /** ok: false when the host is not built (no index.html). */
  async render(pathname: string, session = new CanarySession(undefined)): Promise<RenderedPage> {
    const [template, hostPlan] = await Promise.all([this.template.read(), this.readHostPlan()]);
    if (!template.result.ok) return { ok: false };
    if (!template.result.value.split && template.fresh) {
      this.options.log.warn(
        { hostDist: this.options.hostDist },
        'index.html has no </head>: no first-load plan',
      );
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
  private async readHostPlan(): Promise<HostPlan | undefined> {
    const { result, fresh } = await this.hostPlan.read();
    if (result.ok) return result.value;
    if (fresh)
      this.options.log.warn({ reason: result.error }, 'no first-load plan: index.html served as built');
    return undefined;
  }
}
