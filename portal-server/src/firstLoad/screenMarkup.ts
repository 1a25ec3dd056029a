import type { FastifyBaseLogger } from 'fastify';
import { type ReadResult, StatCachedFile } from '../files/statCachedFile.js';
import { sha384Integrity } from '../remotes/integrity.js';
import { LocalManifests } from './localManifests.js';

/** Enough for the prerendered screens of every release folder a portal keeps around. */
const MAX_CACHED_FILES = 64;

/** The checked markup, or why there is none (logged once per state of the file). */
export type ScreenMarkupRead = ReadResult<string>;

/** What a read file is for, and what the page does without it (its log line). */
const WITHOUT = {
  screen: 'rendered first screen unusable: page client-rendered',
  stylesheet: "rendered first screen's stylesheet not inline: the page links it",
} as const;

/**
 * A remote's prerendered screen (prerender/<Expose>.html in its release folder), or the stylesheet
 * the page carries inline with it, used only when its bytes have the sha384 its verified manifest
 * gives, as every other file of a remote. Only releases
 * on this origin are read (from RELEASES_DIR, under the /remotes/ route's rules); a screen on another
 * origin is client-rendered. A missing or mismatching file is logged once per state of the file.
 */
export class ScreenMarkup {
  private readonly local: LocalManifests;
  private readonly files = new Map<string, StatCachedFile<string>>();

  constructor(
    releasesDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.local = new LocalManifests(releasesDir);
  }

  async read(
    href: string,
    integrity: string,
    purpose: keyof typeof WITHOUT = 'screen',
  ): Promise<ScreenMarkupRead> {
    const file = href.startsWith('/') ? this.local.fileFor(href) : undefined;
    if (file === undefined) return { ok: false, error: 'not a release file on this origin' };
    const key = `${file}\n${integrity}`;
    let cached = this.files.get(key);
    if (!cached) {
      if (this.files.size >= MAX_CACHED_FILES) this.files.clear();
      cached = new StatCachedFile(file, (text, bytes) =>
        sha384Integrity(bytes) === integrity
          ? { ok: true, value: text }
          : { ok: false, error: `its sha384 is not the ${integrity} its manifest gives` },
      );
      this.files.set(key, cached);
    }
    const { result, fresh } = await cached.read();
    if (!result.ok && fresh) this.log.warn({ markup: href, reason: result.error }, WITHOUT[purpose]);
    return result;
  }
}
