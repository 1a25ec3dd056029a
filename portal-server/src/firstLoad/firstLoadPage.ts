import type { FastifyBaseLogger } from 'fastify';
import type { HostPages } from '../host/hostSource.js';
import type { ProductConfig } from '../productConfig.js';
import { CanarySession } from '../remotes/canarySession.js';
import type { RemotesSource } from '../remotes/remotesFile.js';
import type { EnvironmentBody } from '../routes/configBodies.js';
import type { HostPlan } from './hostPlan.js';
import { buildPlan, type PlannedRemote } from './plan.js';
import type { RemoteManifests } from './remoteManifests.js';
import { renderIndex } from './renderIndex.js';
import type { CachedRead } from '../files/statCachedFile.js';

export interface FirstLoadPageOptions {
  /** The host build a session gets (the live host release, its canary, or HOST_DIST). */
  host: HostPages;
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
  private readHostPlan({ result, fresh }: CachedRead<HostPlan>): HostPlan | undefined {
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
