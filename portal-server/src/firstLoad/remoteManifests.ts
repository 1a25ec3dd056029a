import type { FastifyBaseLogger } from 'fastify';
import type { CachedRead } from '../files/statCachedFile.js';
import type { SessionBuild } from '../remotes/remoteEntry.js';
import { ForeignManifests } from './foreignManifests.js';
import { LocalManifests } from './localManifests.js';
import { type ReadManifest, type ResolvedRemote, resolveManifest } from './manifestSchema.js';

export interface RemoteManifestsOptions {
  releasesDir: string;
  publicOrigin: () => string;
  /** REMOTE_ORIGINS: where a manifest may place the remote's files besides the portal's origin. */
  remoteOrigins: readonly string[];
  log: FastifyBaseLogger;
  foreign?: ForeignManifests;
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

  constructor(private readonly options: RemoteManifestsOptions) {
    this.local = new LocalManifests(options.releasesDir);
    this.foreign = options.foreign ?? new ForeignManifests();
  }

  async resolve(remote: string, entry: SessionBuild): Promise<ResolvedRemote | undefined> {
    const publicOrigin = this.options.publicOrigin();
    let url: URL;
    try {
      url = new URL(entry.manifest, `${publicOrigin}/`);
    } catch {
      return undefined;
    }
    const read = await this.read(url, publicOrigin);
    if ('problem' in read) {
      this.warn(remote, entry.manifest, read.problem);
      return undefined;
    }
    if (!read.result.ok) {
      if (read.fresh) this.warn(remote, entry.manifest, read.result.error);
      return undefined;
    }
    const { manifest, integrity } = read.result.value;
    if (integrity !== entry.integrity) {
      const key = [remote, entry.manifest, entry.integrity, integrity].join('\n');
      if (!this.mismatches.has(key)) {
        if (this.mismatches.size >= 256) this.mismatches.clear();
        this.mismatches.add(key);
        this.warn(remote, entry.manifest, `its sha384 is ${integrity}, remotes.json says ${entry.integrity}`);
      }
      return undefined;
    }
    const resolved = resolveManifest(manifest, url, publicOrigin, this.options.remoteOrigins);
    if (!resolved.ok) {
      if (read.fresh) this.warn(remote, entry.manifest, resolved.problem);
      return undefined;
    }
    return resolved.remote;
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
