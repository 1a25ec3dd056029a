import * as v from 'valibot';
import { HttpUrl as Url, type RemoteName, remoteNames } from './remotesConfig';

/**
 * What the host needs to know of one remote build: its manifest (as remotes.json names it), the
 * script that starts its container, and each expose's files (to preload the next screen). The
 * portal server computes it from the manifest for every page (docs/architecture.md, "The first
 * load"); without that, the host reads the manifest itself.
 */

const ExposeAssetsSchema = v.object({ js: v.array(Url), css: v.array(Url) });

export const RemotePlanSchema = v.object({
  manifest: Url,
  entry: v.optional(Url),
  exposes: v.optional(v.record(v.string(), ExposeAssetsSchema)),
});
export type RemotePlan = v.InferOutput<typeof RemotePlanSchema>;
export type RemotePlans = Partial<Record<RemoteName, RemotePlan>>;

/** Keeps the remotes the host routes to, with every URL made absolute against the page. */
export function knownRemotePlans(plans: Record<string, RemotePlan>): RemotePlans {
  const absolute = (url: string) => new URL(url, window.location.href).href;
  const known: RemotePlans = {};
  for (const name of remoteNames) {
    const plan = plans[name];
    if (!plan) continue;
    known[name] = {
      manifest: absolute(plan.manifest),
      ...(plan.entry ? { entry: absolute(plan.entry) } : {}),
      ...(plan.exposes
        ? {
            exposes: Object.fromEntries(
              Object.entries(plan.exposes).map(([expose, assets]) => [
                expose,
                { js: assets.js.map(absolute), css: assets.css.map(absolute) },
              ]),
            ),
          }
        : {}),
    };
  }
  return known;
}

/** The parts of a Module Federation manifest (mf-manifest.json) the host reads. */
const ManifestSchema = v.object({
  metaData: v.object({
    remoteEntry: v.object({ name: v.pipe(v.string(), v.minLength(1)), path: v.optional(v.string(), '') }),
  }),
  exposes: v.array(
    v.object({
      path: v.string(),
      assets: v.object({
        js: v.object({ sync: v.array(v.string()) }),
        css: v.object({ sync: v.array(v.string()) }),
      }),
    }),
  ),
});

/** Without the server's plan (a bare host dev server), the host reads the manifest itself. */
export async function planFromManifest(manifestUrl: string, signal?: AbortSignal): Promise<RemotePlan> {
  const response = await fetch(manifestUrl, { cache: 'no-cache', signal });
  if (!response.ok) throw new Error(`${manifestUrl}: HTTP ${response.status}`);
  const parsed = v.safeParse(ManifestSchema, await response.json());
  if (!parsed.success) throw new Error(`${manifestUrl} is not a manifest: ${v.summarize(parsed.issues)}`);
  const folder = new URL('.', manifestUrl);
  const inFolder = (file: string) => new URL(file, folder).href;
  const { remoteEntry } = parsed.output.metaData;
  return {
    manifest: manifestUrl,
    entry: inFolder(
      `${remoteEntry.path}${remoteEntry.path && !remoteEntry.path.endsWith('/') ? '/' : ''}${remoteEntry.name}`,
    ),
    exposes: Object.fromEntries(
      parsed.output.exposes.map((expose) => [
        expose.path,
        { js: expose.assets.js.sync.map(inFolder), css: expose.assets.css.sync.map(inFolder) },
      ]),
    ),
  };
}
