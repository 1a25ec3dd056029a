import type { FastifyBaseLogger } from 'fastify';
import type { RemotesConfig, RemotesConfigResult, RemotesFile } from './remotesFile.js';

export interface RefusedRemote {
  remote: string;
  manifest: string;
  origin: string;
}

export interface PinnedRemotes {
  /** The entries whose manifest is on the portal's origin or one of REMOTE_ORIGINS. */
  allowed: RemotesConfig;
  /** The others: treated as failed remotes (nothing of theirs is planned, served or allowed). */
  refused: RefusedRemote[];
}

/** The origin a manifest URL of remotes.json is fetched from (a path is the portal's own origin). */
function manifestOrigin(manifest: string, publicOrigin: string): string | undefined {
  try {
    return new URL(manifest, `${publicOrigin}/`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Splits remotes.json by the pinned origins: the portal's own and REMOTE_ORIGINS. Whoever edits
 * remotes.json chooses among builds on those origins, never a new origin (which the CSP would
 * not allow either: it is built from the same pinned list, never from remotes.json).
 */
export function pinRemotes(
  config: RemotesConfig,
  remoteOrigins: readonly string[],
  publicOrigin: string,
): PinnedRemotes {
  const pinned = new Set([publicOrigin, ...remoteOrigins]);
  const allowed: RemotesConfig = {};
  const refused: RefusedRemote[] = [];
  const isPinned = (origin: string | undefined): origin is string =>
    origin !== undefined && pinned.has(origin);
  for (const [remote, { canary, ...live }] of Object.entries(config)) {
    const origin = manifestOrigin(live.manifest, publicOrigin);
    const canaryOrigin = canary && manifestOrigin(canary.manifest, publicOrigin);
    if (canary && !isPinned(canaryOrigin)) {
      // A canary on a foreign origin is refused alone: every session keeps the live build.
      refused.push({ remote, manifest: canary.manifest, origin: canaryOrigin ?? 'unknown' });
    }
    if (isPinned(origin)) {
      const entry = canary && isPinned(canaryOrigin) ? { ...live, canary } : live;
      // defineProperty keeps even a remote named "__proto__" plain data.
      Object.defineProperty(allowed, remote, {
        value: entry,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      refused.push({ remote, manifest: live.manifest, origin: origin ?? 'unknown' });
    }
  }
  return { allowed, refused };
}

export interface PinnedRemotesFileOptions {
  remotesFile: RemotesFile;
  remoteOrigins: readonly string[];
  publicOrigin: () => string;
  log: FastifyBaseLogger;
}

/** remotes.json as the portal uses it: only the pinned entries; each refusal is logged once. */
export class PinnedRemotesFile {
  private readonly reported = new Set<string>();
  private readonly pinned = new WeakMap<RemotesConfig, { publicOrigin: string; pinned: PinnedRemotes }>();

  constructor(private readonly options: PinnedRemotesFileOptions) {}

  get file(): string {
    return this.options.remotesFile.file;
  }

  async read(): Promise<RemotesConfigResult> {
    const result = await this.options.remotesFile.read();
    if (!result.ok) return result;
    const { allowed, refused } = this.pinOnce(result.config, this.options.publicOrigin());
    for (const refusal of refused) {
      const key = `${refusal.remote}\n${refusal.manifest}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.options.log.warn(
        { ...refusal, remotesConfig: this.file },
        'remotes.json names a remote on an origin not in REMOTE_ORIGINS: refused',
      );
    }
    return { ok: true, config: allowed };
  }

  /** remotes.json as read is pinned once (a new read, after the file changed, is a new object). */
  private pinOnce(config: RemotesConfig, publicOrigin: string): PinnedRemotes {
    const known = this.pinned.get(config);
    if (known?.publicOrigin === publicOrigin) return known.pinned;
    const pinned = pinRemotes(config, this.options.remoteOrigins, publicOrigin);
    this.pinned.set(config, { publicOrigin, pinned });
    return pinned;
  }
}
