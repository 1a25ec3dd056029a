import type { FastifyBaseLogger } from 'fastify';
import type { CachedRead } from '../files/statCachedFile.js';
import type { SessionBuild } from '../remotes/remoteEntry.js';
import { ForeignManifests } from './foreignManifests.js';
import { LocalManifests } from './localManifests.js';
import {
  type ReadManifest,
  type ResolveResult,
  type ResolvedRemote,
  resolveManifest,
} from './manifestSchema.js';

/** Enough for every manifest remotes.json names, live and canary; past it the cache starts over. */
const MAX_CACHED_URLS = 256;
/** One file is reached by one URL in practice; a few spellings of it at most. */
const MAX_URLS_PER_READ = 8;

export interface RemoteManifestsOptions {
  releasesDir: string;
  publicOrigin: () => string;
  /** REMOTE_ORIGINS: where a manifest may place the remote's files besides the portal's origin. */
  remoteOrigins: readonly string[];
  log: FastifyBaseLogger;
  foreign?: ForeignManifests;
  /** Metrics: a live remote's manifest whose sha384 is not the one remotes.json pins (each refusal). */
  onIntegrityFailure?: ((remote: string) => void) | undefined;
}

/**
 * A remote's entry and expose files, from the manifest remotes.json names: same-origin releases
 * from disk, other origins over HTTP. The manifest's bytes must have the sha384 remotes.json gives
 * for it, or nothing of it is used. An unreadable, invalid or mismatching manifest never breaks the
 * page: the remote just gets no preloads (the host then reads and checks the manifest itself, and
 * shows the remote-failure banner when it does not match) and a warning is logged once per state of
 * the file, or once per failed fetch.
 */
export class RemoteManifests {
  private readonly local: LocalManifests;
  private readonly foreign: ForeignManifests;
  /** Mismatches already logged (remote, manifest, both hashes): one line each, not one per page. */
  private readonly mismatches = new Set<string>();
  /** Each manifest read's resolution by `origin url` (dropped with the read when the file changes). */
  private readonly resolved = new WeakMap<ReadManifest, Map<string, ResolveResult>>();
  private readonly urls = new Map<string, URL | null>();

  constructor(private readonly options: RemoteManifestsOptions) {
    this.local = new LocalManifests(options.releasesDir);
    this.foreign = options.foreign ?? new ForeignManifests();
  }

  async resolve(remote: string, entry: SessionBuild): Promise<ResolvedRemote | undefined> {
    const publicOrigin = this.options.publicOrigin();
    const url = this.urlOf(entry.manifest, publicOrigin);
    if (url === undefined) return undefined;
    const read = await this.read(url, publicOrigin);
    if ('problem' in read) {
      this.warn(remote, entry.manifest, read.problem);
      return undefined;
    }
    if (!read.result.ok) {
      if (read.fresh) this.warn(remote, entry.manifest, read.result.error);
      return undefined;
    }
    const { integrity } = read.result.value;
    if (integrity !== entry.integrity) {
      this.options.onIntegrityFailure?.(remote);
      const key = [remote, entry.manifest, entry.integrity, integrity].join('\n');
      if (!this.mismatches.has(key)) {
        if (this.mismatches.size >= 256) this.mismatches.clear();
        this.mismatches.add(key);
        this.warn(remote, entry.manifest, `its sha384 is ${integrity}, remotes.json says ${entry.integrity}`);
      }
      return undefined;
    }
    const resolved = this.resolveOnce(read.result.value, url, publicOrigin);
    if (!resolved.ok) {
      if (read.fresh) this.warn(remote, entry.manifest, resolved.problem);
      return undefined;
    }
    return resolved.remote;
  }

  /** The manifest's URL, parsed once per remotes.json value (null: not a URL). */
  private urlOf(manifest: string, publicOrigin: string): URL | undefined {
    const key = `${publicOrigin} ${manifest}`;
    let url = this.urls.get(key);
    if (url === undefined) {
      if (this.urls.size >= MAX_CACHED_URLS) this.urls.clear();
      try {
        url = new URL(manifest, `${publicOrigin}/`);
      } catch {
        url = null;
      }
      this.urls.set(key, url);
    }
    return url ?? undefined;
  }

  /**
   * A manifest as read is resolved once per URL and origin: the same read gives the same object
   * (what the page cache keys on, pageCache.ts), and a page load does not rebuild every URL.
   */
  private resolveOnce(read: ReadManifest, url: URL, publicOrigin: string): ResolveResult {
    let byUrl = this.resolved.get(read);
    if (!byUrl || byUrl.size >= MAX_URLS_PER_READ) {
      byUrl = new Map();
      this.resolved.set(read, byUrl);
    }
    const key = `${publicOrigin} ${url.href}`;
    let result = byUrl.get(key);
    if (!result) {
      result = resolveManifest(read.manifest, url, publicOrigin, this.options.remoteOrigins);
      byUrl.set(key, result);
    }
    return result;
  }

  private async read(
    url: URL,
    publicOrigin: string,
  ): Promise<CachedRead<ReadManifest> | { problem: string }> {
    if (url.origin !== publicOrigin) return this.foreign.read(url);
    const file = this.local.fileFor(url.pathname);
    if (file === undefined) return { problem: 'a same-origin manifest outside a release folder' };
    return this.local.read(file);
  }

  private warn(remote: string, manifest: string, reason: string): void {
    this.options.log.warn({ remote, manifest, reason }, 'first-load plan: remote manifest unusable');
  }
}
