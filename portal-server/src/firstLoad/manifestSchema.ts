import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';
import type { ReadResult } from '../files/statCachedFile.js';
import { Sha384Integrity, sha384Integrity } from '../remotes/integrity.js';
import { toHref } from './urls.js';

const fileNames = v.array(v.string());
const syncAssets = v.object({ sync: fileNames });

/**
 * The parts of a Module Federation 2 mf-manifest.json the first-load plan uses; the rest is ignored.
 * `integrity` (added by the build, tooling/src/manifestIntegrityPlugin.ts) holds the sha384 of every
 * JS and CSS file the manifest names, by its name relative to the manifest's folder.
 */
export const FederationManifestSchema = v.object({
  metaData: v.object({
    name: v.string(),
    publicPath: v.optional(v.string()),
    remoteEntry: v.object({ name: v.pipe(v.string(), v.minLength(1)), path: v.optional(v.string(), '') }),
  }),
  exposes: v.array(
    v.object({
      path: v.pipe(v.string(), v.minLength(1)),
      assets: v.object({ js: syncAssets, css: syncAssets }),
    }),
  ),
  integrity: v.record(v.string(), Sha384Integrity),
  /**
   * The remote's contributions (routes, next actions, factors, links), written by its build
   * (tooling/src/manifestContributionsPlugin.ts); checked with their own schema when merged
   * (liveContributions.ts), so an invalid value leaves the remote's claims out, not its files.
   */
  contributions: v.optional(v.unknown()),
  /**
   * The exposes whose screen the build rendered to HTML (tooling's PrerenderPlugin): expose → file,
   * each hashed in `integrity` like the scripts (docs/architecture.md, "The rendered first screen").
   */
  prerender: v.optional(v.record(v.string(), v.pipe(v.string(), v.minLength(1))), {}),
  /**
   * The remote's message catalogues, locale → chunk (tooling's ManifestCataloguesPlugin), each
   * hashed in `integrity`: the page preloads its locale's one with the screen.
   */
  catalogues: v.optional(v.record(v.string(), v.pipe(v.string(), v.minLength(1))), {}),
  /**
   * Each locale's words for the texts the remote contributes (route titles, link and factor
   * labels): locale → en-US text → text (tooling's ManifestContributionWordsPlugin).
   */
  contributionWords: v.optional(v.record(v.string(), v.record(v.string(), v.string())), {}),
});
export type FederationManifest = v.InferOutput<typeof FederationManifestSchema>;

/** A manifest as read, with the sha384 of the bytes it was read from (checked against remotes.json). */
export interface ReadManifest {
  manifest: FederationManifest;
  integrity: string;
}

export function parseManifest(text: string, bytes: Uint8Array): ReadResult<ReadManifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${String(error)}` };
  }
  const parsed = v.safeParse(FederationManifestSchema, raw);
  return parsed.success
    ? { ok: true, value: { manifest: parsed.output, integrity: sha384Integrity(bytes) } }
    : { ok: false, error: `not a federation manifest: ${describeIssues(parsed.issues)}` };
}

export interface ExposeAssets {
  js: string[];
  css: string[];
}

/** A remote's start-up files as the page refers to them (paths on this origin, full URLs elsewhere). */
export interface ResolvedRemote {
  entry: string;
  exposes: Record<string, ExposeAssets>;
  /** The sha384 of the entry and of every expose file, by the same href. */
  files: Record<string, string>;
  /** The manifest's `contributions` as written (undefined for a build from before them). */
  contributions: unknown;
  /** Each prerendered expose's markup file (its href; its sha384 is in `files`). */
  prerender: Record<string, string>;
  /** Each locale's catalogue chunk (its href; its sha384 is in `files`). */
  catalogues: Record<string, string>;
  /** Each locale's words for the texts its contributions show (locale → en-US text → text). */
  contributionWords: Record<string, Record<string, string>>;
}

export type ResolveResult = { ok: true; remote: ResolvedRemote } | { ok: false; problem: string };

/**
 * Turns the manifest's relative names into the URLs the browser will request. With publicPath
 * "auto" (or none) the federation runtime loads everything from the manifest's folder; an explicit
 * publicPath is resolved against the manifest URL the same way. Every file must have its hash in
 * the manifest's integrity map (it is loaded with Subresource Integrity) and be on an allowed origin.
 */
export function resolveManifest(
  manifest: FederationManifest,
  manifestUrl: URL,
  publicOrigin: string,
  allowedOrigins: readonly string[] = [],
): ResolveResult {
  const { publicPath, remoteEntry } = manifest.metaData;
  let base: URL;
  try {
    base = new URL(publicPath === undefined || publicPath === 'auto' ? '.' : publicPath, manifestUrl);
  } catch {
    return { ok: false, problem: 'its publicPath is not a URL' };
  }
  const allowed = new Set([publicOrigin, ...allowedOrigins]);
  const files: Record<string, string> = {};
  const problems: string[] = [];
  const href = (name: string): string | undefined => {
    let url: URL;
    try {
      url = new URL(name, base);
    } catch {
      problems.push(`${name} is not a URL`);
      return undefined;
    }
    const value = toHref(url, publicOrigin);
    const integrity = Object.hasOwn(manifest.integrity, name) ? manifest.integrity[name] : undefined;
    if (value === undefined) problems.push(`${name} is not an http(s) URL`);
    else if (!allowed.has(url.origin))
      problems.push(`${name} is on ${url.origin}, not an allowed remote origin`);
    else if (integrity === undefined) problems.push(`${name} has no hash in the manifest's integrity map`);
    else {
      Object.defineProperty(files, value, {
        value: integrity,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return value;
    }
    return undefined;
  };
  const hrefs = (names: string[]) => names.map(href).filter((value): value is string => value !== undefined);

  const entryFolder =
    remoteEntry.path === '' || remoteEntry.path.endsWith('/') ? remoteEntry.path : `${remoteEntry.path}/`;
  const entry = href(`${entryFolder}${remoteEntry.name}`);

  // fromEntries defines own properties, so even an expose named "__proto__" stays plain data.
  const exposes: Record<string, ExposeAssets> = Object.fromEntries(
    manifest.exposes.map((expose) => [
      expose.path,
      { js: hrefs(expose.assets.js.sync), css: hrefs(expose.assets.css.sync) },
    ]),
  );
  const named = (map: Record<string, string>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(map).flatMap(([key, file]) => {
        const value = href(file);
        return value === undefined ? [] : [[key, value]];
      }),
    );
  const prerender = named(manifest.prerender);
  const catalogues = named(manifest.catalogues);
  if (entry === undefined || problems.length > 0) return { ok: false, problem: problems.join('; ') };
  return {
    ok: true,
    remote: {
      entry,
      exposes,
      files,
      contributions: manifest.contributions,
      prerender,
      catalogues,
      contributionWords: manifest.contributionWords,
    },
  };
}
