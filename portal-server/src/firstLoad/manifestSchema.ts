import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';
import type { ReadResult } from '../files/statCachedFile.js';
import { toHref } from './urls.js';

const fileNames = v.array(v.string());
const syncAssets = v.object({ sync: fileNames });

/** The parts of a Module Federation 2 mf-manifest.json the first-load plan uses; the rest is ignored. */
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
});
export type FederationManifest = v.InferOutput<typeof FederationManifestSchema>;

export function parseManifest(text: string): ReadResult<FederationManifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${String(error)}` };
  }
  const parsed = v.safeParse(FederationManifestSchema, raw);
  return parsed.success
    ? { ok: true, value: parsed.output }
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
}

/**
 * Turns the manifest's relative names into the URLs the browser will request. With publicPath
 * "auto" (or none) the federation runtime loads everything from the manifest's folder; an explicit
 * publicPath is resolved against the manifest URL the same way.
 */
export function resolveManifest(
  manifest: FederationManifest,
  manifestUrl: URL,
  publicOrigin: string,
): ResolvedRemote | undefined {
  const { publicPath, remoteEntry } = manifest.metaData;
  let base: URL;
  try {
    base = new URL(publicPath === undefined || publicPath === 'auto' ? '.' : publicPath, manifestUrl);
  } catch {
    return undefined;
  }
  const href = (name: string): string | undefined => {
    try {
      return toHref(new URL(name, base), publicOrigin);
    } catch {
      return undefined;
    }
  };
  const hrefs = (names: string[]) => names.map(href).filter((value): value is string => value !== undefined);

  const entryFolder =
    remoteEntry.path === '' || remoteEntry.path.endsWith('/') ? remoteEntry.path : `${remoteEntry.path}/`;
  const entry = href(`${entryFolder}${remoteEntry.name}`);
  if (entry === undefined) return undefined;

  // fromEntries defines own properties, so even an expose named "__proto__" stays plain data.
  const exposes: Record<string, ExposeAssets> = Object.fromEntries(
    manifest.exposes.map((expose) => [
      expose.path,
      { js: hrefs(expose.assets.js.sync), css: hrefs(expose.assets.css.sync) },
    ]),
  );
  return { entry, exposes };
}
