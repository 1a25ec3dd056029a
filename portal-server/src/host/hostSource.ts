import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type CachedRead, type ReadResult, StatCachedFile } from '../files/statCachedFile.js';
import { HOST_PLAN_FILE, type HostPlan, parseHostPlan } from '../firstLoad/hostPlan.js';
import { type IndexTemplate, splitTemplate } from '../firstLoad/renderIndex.js';
import type { CanarySession } from '../remotes/canarySession.js';
import { type HostBuildEntry, type HostEntry, parseHostEntry } from './hostEntry.js';
import { type HostRelease, type LoadedHostRelease, loadHostRelease } from './hostRelease.js';

/** Enough for the start-up stylesheets of the host builds a server serves from HOST_DIST over time. */
const MAX_DIST_STYLESHEETS = 16;

/**
 * The build's file name of a stylesheet href on this origin ("/0.1a2b.css" → "0.1a2b.css"), or
 * undefined for anything that is not a plain .css file inside the build.
 */
export function stylesheetName(href: string): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  const name = href.slice(1);
  const segments = name.split('/');
  if (!name.endsWith('.css') || name.includes('\\')) return undefined;
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  return name;
}

/** The host's name in the canary dealing (its bucket is independent of every remote's). */
export const HOST_CANARY_NAME = 'host';
/** How many host releases stay in memory: the live one, a canary, and the ones just before them. */
const KEPT_RELEASES = 4;

/** What a page load needs of the host build its session gets. */
export interface HostPage {
  template: CachedRead<IndexTemplate>;
  plan: CachedRead<HostPlan>;
  /** Where the build comes from, for log lines: HOST_DIST or `host release <name>`. */
  source: string;
  /**
   * The text of one of this build's stylesheets by its href on this origin ("/0.1a2b.css"), for a
   * rendered first screen that carries it inline; undefined when the build has no such file.
   */
  stylesheet(href: string): Promise<string | undefined>;
}

/** The page of the host build a session gets (FirstLoadPage reads it on every page load). */
export interface HostPages {
  page(session: CanarySession): Promise<HostPage>;
}

/** A file of the host build: from a checked release, or (no host.json) from HOST_DIST on disk. */
export type HostFileLookup = { from: 'dist' } | { from: 'release'; build: HostRelease | undefined };

interface CurrentHost {
  live: HostRelease | undefined;
  canary: { build: HostRelease; percent: number } | undefined;
}

export interface HostSourceOptions {
  hostDist: string;
  releasesDir: string;
  /** host.json (beside remotes.json). */
  hostConfigFile: string;
  log: FastifyBaseLogger;
}

/**
 * Which host build a page load gets. host.json (written by the release tool, re-read whenever it
 * changes on disk) names the live host release and any canary; each release is read once, its
 * integrity chain checked (host.json → integrity.json → every file), and served from memory. A
 * release that fails its check is refused with one log line and the previous good one stays.
 * Without host.json the host is HOST_DIST, read from disk as built (`npm run dev`, older setups).
 */
export class HostSource implements HostPages {
  private readonly entry: StatCachedFile<HostEntry>;
  private readonly distTemplate: StatCachedFile<IndexTemplate>;
  private readonly distPlan: StatCachedFile<HostPlan>;
  /** Loads by `release|integrity`, oldest first; each is read and checked once. */
  private readonly loads = new Map<string, Promise<LoadedHostRelease>>();
  private readonly parsed = new WeakMap<
    HostRelease,
    { template: ReadResult<IndexTemplate>; plan: ReadResult<HostPlan> }
  >();
  private readonly logged = new WeakSet<HostRelease>();
  /** HOST_DIST's stylesheets as read (each a stat when unchanged), by file name. */
  private readonly distStylesheets = new Map<string, StatCachedFile<string>>();
  private lastGood: HostRelease | undefined;

  constructor(private readonly options: HostSourceOptions) {
    this.entry = new StatCachedFile(options.hostConfigFile, (text) =>
      parseHostEntry(options.hostConfigFile, text),
    );
    this.distTemplate = new StatCachedFile(path.join(options.hostDist, 'index.html'), (text) => ({
      ok: true,
      value: splitTemplate(text),
    }));
    this.distPlan = new StatCachedFile(path.join(options.hostDist, HOST_PLAN_FILE), parseHostPlan);
  }

  async page(session: CanarySession): Promise<HostPage> {
    const current = await this.current();
    if (!current) {
      const [template, plan] = await Promise.all([this.distTemplate.read(), this.distPlan.read()]);
      return {
        template,
        plan,
        source: this.options.hostDist,
        stylesheet: (href) => this.distStylesheet(href),
      };
    }
    const build = this.buildFor(current, session, true);
    if (!build) {
      const none = {
        result: { ok: false as const, error: 'no host release passed its check' },
        fresh: false,
      };
      return {
        template: none,
        plan: none,
        source: 'host release (none)',
        stylesheet: async () => undefined,
      };
    }
    let pages = this.parsed.get(build);
    const fresh = pages === undefined;
    if (!pages) {
      const text = (file: string) => build.files.get(file)?.toString('utf8');
      const plan = text(HOST_PLAN_FILE);
      pages = {
        template: { ok: true, value: splitTemplate(text('index.html') ?? '') },
        plan: plan === undefined ? { ok: false, error: `${HOST_PLAN_FILE} is missing` } : parseHostPlan(plan),
      };
      this.parsed.set(build, pages);
    }
    return {
      template: { result: pages.template, fresh },
      plan: { result: pages.plan, fresh },
      source: `host release ${build.release}`,
      // A release's files were checked against its integrity.json when it was read.
      stylesheet: async (href) => {
        const name = stylesheetName(href);
        return name === undefined ? undefined : build.files.get(name)?.toString('utf8');
      },
    };
  }

  /** A stylesheet of HOST_DIST, read from disk as built. */
  private async distStylesheet(href: string): Promise<string | undefined> {
    const name = stylesheetName(href);
    if (name === undefined) return undefined;
    let file = this.distStylesheets.get(name);
    if (!file) {
      if (this.distStylesheets.size >= MAX_DIST_STYLESHEETS) this.distStylesheets.clear();
      file = new StatCachedFile(path.join(this.options.hostDist, name), (text) => ({
        ok: true,
        value: text,
      }));
      this.distStylesheets.set(name, file);
    }
    const { result } = await file.read();
    return result.ok ? result.value : undefined;
  }

  /** Readiness: a host build can be served (host.json's live release checked, or HOST_DIST's page and plan). */
  async present(): Promise<boolean> {
    const current = await this.current();
    if (current) return current.live !== undefined;
    const [template, plan] = await Promise.all([this.distTemplate.read(), this.distPlan.read()]);
    return template.result.ok && plan.result.ok;
  }

  /**
   * A file of the host build this session uses; failing that, of any host release in memory (a
   * page opened before a promotion still loads its lazy chunks, whose names carry their content hash).
   */
  async file(name: string, session: CanarySession): Promise<HostFileLookup> {
    const current = await this.current();
    if (!current) return { from: 'dist' };
    const own = this.buildFor(current, session, false);
    const others = await Promise.all([...this.loads.values()].reverse());
    const candidates = [
      own,
      current.live,
      current.canary?.build,
      ...others.flatMap((load) => (load.ok ? [load.build] : [])),
    ];
    return { from: 'release', build: candidates.find((build) => build?.files.has(name)) };
  }

  /** The canary for a session in its bucket (dealing it a key on a page load), else the live build. */
  private buildFor(current: CurrentHost, session: CanarySession, deal: boolean): HostRelease | undefined {
    if (current.canary && session.inCanary(HOST_CANARY_NAME, current.canary.percent, deal))
      return current.canary.build;
    return current.live;
  }

  /** The host builds host.json names, checked; undefined when there is no host.json (HOST_DIST). */
  private async current(): Promise<CurrentHost | undefined> {
    const { result, fresh } = await this.entry.read();
    if (!result.ok) {
      if (!existsSync(this.options.hostConfigFile)) return undefined;
      if (fresh)
        this.options.log.error(
          { reason: result.error, keeps: this.lastGood?.release ?? null },
          'host.json refused: the previous good host release stays',
        );
      return { live: this.lastGood, canary: undefined };
    }
    const live = await this.load(result.value);
    if (live) this.lastGood = live;
    const canary = result.value.canary ? await this.load(result.value.canary) : undefined;
    return {
      live: live ?? this.lastGood,
      canary:
        canary && result.value.canary ? { build: canary, percent: result.value.canary.percent } : undefined,
    };
  }

  /** A release read and checked once (later calls share the result); a refusal is logged once. */
  private async load(entry: HostBuildEntry): Promise<HostRelease | undefined> {
    const key = `${entry.release}|${entry.integrity}`;
    let load = this.loads.get(key);
    if (!load) {
      load = loadHostRelease(this.options.releasesDir, entry).then((loaded) => {
        if (!loaded.ok)
          this.options.log.error(
            { reason: loaded.error, keeps: this.lastGood?.release ?? null },
            'host release refused: the previous good host release stays',
          );
        return loaded;
      });
      this.loads.set(key, load);
      while (this.loads.size > KEPT_RELEASES) {
        const oldest = this.loads.keys().next().value;
        if (oldest === undefined) break;
        this.loads.delete(oldest);
      }
    } else {
      // Most recently used last: the live release is never the one dropped.
      this.loads.delete(key);
      this.loads.set(key, load);
    }
    const loaded = await load;
    if (loaded.ok && !this.logged.has(loaded.build)) {
      this.logged.add(loaded.build);
      this.options.log.info({ release: loaded.build.release }, 'host release checked and in use');
    }
    return loaded.ok ? loaded.build : undefined;
  }
}
