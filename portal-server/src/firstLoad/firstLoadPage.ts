import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ProductConfig } from '../productConfig.js';
import { CanarySession } from '../remotes/canarySession.js';
import type { RemotesSource } from '../remotes/remotesFile.js';
import type { EnvironmentBody } from '../routes/configBodies.js';
import { HOST_PLAN_FILE, type HostPlan, parseHostPlan } from './hostPlan.js';
import { buildPlan, type PlannedRemote } from './plan.js';
import type { RemoteManifests } from './remoteManifests.js';
import { type IndexTemplate, renderIndex, splitTemplate } from './renderIndex.js';
import { StatCachedFile } from '../files/statCachedFile.js';

export interface FirstLoadPageOptions {
  hostDist: string;
  /** remotes.json, pinned: entries on other origins are already refused. */
  remotesFile: RemotesSource;
  manifests: RemoteManifests;
  /** The environment body as of this request (its service URL may name the bound port). */
  environment: () => EnvironmentBody;
  portalConfig: ProductConfig;
  log: FastifyBaseLogger;
}

export type RenderedPage = { ok: true; html: string } | { ok: false };

/**
 * index.html for one page load: the host build's template with the first screen's preloads and the
 * bootstrap block, from first-load.json, remotes.json as it is now and the remotes' manifests. A
 * remote promoted in remotes.json is in the next page's plan; the host is never rebuilt for it.
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

    const plan = buildPlan({
      hostPlan,
      pathname,
      remotes: await this.remotes(session),
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

  /**
   * Every remote of remotes.json (the build this session uses, when a canary runs) with its
   * manifest read in parallel; none when the file is unusable.
   */
  private async remotes(session: CanarySession): Promise<Map<string, PlannedRemote>> {
    const remotes = await this.options.remotesFile.read();
    if (!remotes.ok) return new Map();
    const entries = await Promise.all(
      Object.entries(session.builds(remotes.config)).map(async ([name, entry]) => {
        const resolved = await this.options.manifests.resolve(name, entry);
        return [name, { entry, resolved }] as const;
      }),
    );
    return new Map(entries);
  }
}
