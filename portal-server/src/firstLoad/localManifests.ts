import path from 'node:path';
import { REMOTES_PREFIX, isInsideReleaseFolder } from '../static/remoteReleases.js';
import { parseManifest, type ReadManifest } from './manifestSchema.js';
import { type CachedRead, StatCachedFile } from '../files/statCachedFile.js';

/** Enough for every release folder a portal keeps around; past it the cache starts over. */
const MAX_CACHED_FILES = 256;

/**
 * Reads the manifests of releases served by this portal (/remotes/<package>/<version>/…) straight
 * from RELEASES_DIR, under the same rule as the /remotes/ route: only inside a release folder, never
 * a `..` or an encoded separator. Each file is re-read only when its stat changes (a re-stage).
 */
export class LocalManifests {
  private readonly files = new Map<string, StatCachedFile<ReadManifest>>();
  /** fileFor's answers: a page load checks the same few paths every time. */
  private readonly paths = new Map<string, string | undefined>();

  constructor(private readonly releasesDir: string) {}

  /** The file behind a same-origin URL path, or undefined when the path is not a release file. */
  fileFor(urlPath: string): string | undefined {
    if (this.paths.has(urlPath)) return this.paths.get(urlPath);
    if (this.paths.size >= MAX_CACHED_FILES) this.paths.clear();
    const file = this.findFile(urlPath);
    this.paths.set(urlPath, file);
    return file;
  }

  private findFile(urlPath: string): string | undefined {
    if (!urlPath.startsWith(REMOTES_PREFIX)) return undefined;
    const segments: string[] = [];
    for (const raw of urlPath.slice(REMOTES_PREFIX.length).split('/')) {
      let segment: string;
      try {
        segment = decodeURIComponent(raw);
      } catch {
        return undefined;
      }
      if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined;
      segments.push(segment);
    }
    if (!isInsideReleaseFolder(segments.join('/'))) return undefined;
    const file = path.resolve(this.releasesDir, ...segments);
    const relative = path.relative(this.releasesDir, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
    return file;
  }

  async read(file: string): Promise<CachedRead<ReadManifest>> {
    let cached = this.files.get(file);
    if (!cached) {
      if (this.files.size >= MAX_CACHED_FILES) this.files.clear();
      cached = new StatCachedFile(file, parseManifest);
      this.files.set(file, cached);
    }
    return cached.read();
  }
}
