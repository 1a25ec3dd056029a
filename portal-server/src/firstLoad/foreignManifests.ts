import { type CachedRead, describeError, type ReadResult } from '../files/statCachedFile.js';
import { fetchManifestBytes } from './manifestFetch.js';
import { parseManifest, type ReadManifest } from './manifestSchema.js';

export interface ForeignManifestOptions {
  /** The longest a page waits for a manifest on another origin. */
  timeoutMs: number;
  /** How long a fetched manifest is reused (a developer's dev server rebuilds often). */
  ttlMs: number;
  /** How long a failure is remembered, so a dead dev server does not slow every page by timeoutMs. */
  failureTtlMs: number;
  /** The most read of one manifest; a larger one is cut off there and left out (default 1 MB). */
  maxBytes?: number;
  /**
   * Development only: fetch from loopback and private addresses (dev servers). Default false:
   * such targets are refused (an entry of remotes.json must not reach into the network).
   */
  allowInternalTargets?: boolean;
}

export const FOREIGN_MANIFEST_DEFAULTS: ForeignManifestOptions = {
  timeoutMs: 2000,
  ttlMs: 30_000,
  failureTtlMs: 5000,
};

const MAX_CACHED_URLS = 64;
const MAX_MANIFEST_BYTES = 1024 * 1024;

interface Entry {
  expires: number;
  read: Promise<ReadResult<ReadManifest>>;
}

/**
 * Manifests of remotes on another origin (a developer's dev server, a CDN), fetched with a timeout and
 * kept in memory for a short while. Concurrent pages share one fetch.
 */
export class ForeignManifests {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: ForeignManifestOptions = FOREIGN_MANIFEST_DEFAULTS) {}

  async read(url: URL): Promise<CachedRead<ReadManifest>> {
    const key = url.href;
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return { result: await cached.read, fresh: false };

    if (this.entries.size >= MAX_CACHED_URLS) this.dropExpired(now);
    const entry: Entry = { expires: now + this.options.ttlMs, read: this.fetchManifest(url) };
    this.entries.set(key, entry);
    const result = await entry.read;
    if (!result.ok) entry.expires = Date.now() + this.options.failureTtlMs;
    return { result, fresh: true };
  }

  /** No redirect followed, at most maxBytes read, no internal target outside development (manifestFetch.ts). */
  private async fetchManifest(url: URL): Promise<ReadResult<ReadManifest>> {
    try {
      const fetched = await fetchManifestBytes(url, {
        timeoutMs: this.options.timeoutMs,
        maxBytes: this.options.maxBytes ?? MAX_MANIFEST_BYTES,
        allowInternalTargets: this.options.allowInternalTargets ?? false,
      });
      if (!fetched.ok) return fetched;
      const bytes = new Uint8Array(fetched.bytes);
      return parseManifest(new TextDecoder().decode(bytes), bytes);
    } catch (error) {
      return { ok: false, error: `fetch failed: ${describeError(error)}` };
    }
  }

  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    if (this.entries.size >= MAX_CACHED_URLS) this.entries.clear();
  }
}
