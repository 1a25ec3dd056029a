import type { FastifyBaseLogger } from 'fastify';
import type { ForeignManifests } from '../firstLoad/foreignManifests.js';
import type { RemotesConfig, RemotesConfigResult, RemotesSource } from './remotesFile.js';

export interface DevRemotesOptions {
  /** remotes.json as the portal uses it (pinned). */
  base: RemotesSource;
  /** DEV_REMOTES: remote name → its dev server's manifest URL. */
  devRemotes: ReadonlyMap<string, string>;
  /** The same reader the first-load plan uses, so remotes.json and the page agree on the bytes. */
  manifests: ForeignManifests;
  log: FastifyBaseLogger;
}

/**
 * Development only (DEV_REMOTES; the production rules refuse it): remotes served by their dev
 * servers. A dev server's manifest changes with every rebuild, so instead of a hash written into
 * remotes.json by hand, each read vouches for the manifest the dev server serves now (its sha384).
 * The host still checks every file against that manifest. A dev server that does not answer leaves
 * the remote on its remotes.json build, with a warning.
 */
export class DevRemotes implements RemotesSource {
  private readonly unreachable = new Set<string>();

  constructor(private readonly options: DevRemotesOptions) {}

  get file(): string {
    return this.options.base.file;
  }

  async read(): Promise<RemotesConfigResult> {
    const result = await this.options.base.read();
    if (!result.ok) return result;
    const config: RemotesConfig = { ...result.config };
    await Promise.all(
      [...this.options.devRemotes].map(async ([remote, manifest]) => {
        const { result: read } = await this.options.manifests.read(new URL(manifest));
        if (!read.ok) {
          if (!this.unreachable.has(remote)) {
            this.unreachable.add(remote);
            this.options.log.warn(
              { remote, manifest, error: read.error },
              'DEV_REMOTES: the dev server does not answer with a manifest; the remote stays on its remotes.json build',
            );
          }
          return;
        }
        this.unreachable.delete(remote);
        // defineProperty keeps even a remote named "__proto__" plain data.
        Object.defineProperty(config, remote, {
          value: { manifest, integrity: read.value.integrity },
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }),
    );
    return { ok: true, config };
  }
}
