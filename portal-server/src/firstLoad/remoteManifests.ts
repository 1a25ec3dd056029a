import type { FastifyBaseLogger } from 'fastify';
import { ForeignManifests } from './foreignManifests.js';
import { LocalManifests } from './localManifests.js';
import { type FederationManifest, type ResolvedRemote, resolveManifest } from './manifestSchema.js';
import type { CachedRead } from '../files/statCachedFile.js';

export interface RemoteManifestsOptions {
  releasesDir: string;
  publicOrigin: () => string;
  log: FastifyBaseLogger;
  foreign?: ForeignManifests;
}

/**
 * A remote's entry and expose files, from the manifest remotes.json names: same-origin releases
 * from disk, other origins over HTTP. An unreadable or invalid manifest never breaks the page: the
 * remote just gets no preloads (the host then loads it the usual way) and a warning is logged once
 * per state of the file, or once per failed fetch.
 */
export class RemoteManifests {
  private readonly local: LocalManifests;
  private readonly foreign: ForeignManifests;

  constructor(private readonly options: RemoteManifestsOptions) {
    this.local = new LocalManifests(options.releasesDir);
    this.foreign = options.foreign ?? new ForeignManifests();
  }

  async resolve(remote: string, manifest: string): Promise<ResolvedRemote | undefined> {
    const publicOrigin = this.options.publicOrigin();
    let url: URL;
    try {
      url = new URL(manifest, `${publicOrigin}/`);
    } catch {
      return undefined;
    }
    const read = await this.read(url, publicOrigin);
    if ('problem' in read) {
      this.warn(remote, manifest, read.problem);
      return undefined;
    }
    if (!read.result.ok) {
      if (read.fresh) this.warn(remote, manifest, read.result.error);
      return undefined;
    }
    const resolved = resolveManifest(read.result.value, url, publicOrigin);
    if (!resolved && read.fresh) this.warn(remote, manifest, 'its publicPath or remoteEntry is not a URL');
    return resolved;
  }

  private async read(
    url: URL,
    publicOrigin: string,
  ): Promise<CachedRead<FederationManifest> | { problem: string }> {
    if (url.origin !== publicOrigin) return this.foreign.read(url);
    const file = this.local.fileFor(url.pathname);
    if (file === undefined) return { problem: 'a same-origin manifest outside a release folder' };
    return this.local.read(file);
  }

  private warn(remote: string, manifest: string, reason: string): void {
    this.options.log.warn({ remote, manifest, reason }, 'first-load plan: remote manifest unusable');
  }
}
