import * as v from 'valibot';
import { Sha384Integrity, sha384Of } from './remoteIntegrity';
import { HttpUrl as Url, type RemoteName, remoteNames } from './remotesConfig';

/**
 * What the host needs to know of one remote build: its manifest and the manifest's sha384 (as
 * remotes.json names them), the script that starts its container and the sha384 of the files the
 * host's federation runtime loads itself (the container entry; the remote's own runtime carries the
 * hashes of its chunks). The portal server computes it from the manifest for every page, after
 * checking the manifest's bytes (docs/architecture.md, "The first load"); without that, the host
 * reads and checks the manifest itself.
 */

export const RemotePlanSchema = v.object({
  manifest: Url,
  integrity: Sha384Integrity,
  entry: v.optional(Url),
  /** The sha384 of the entry (and, read from a manifest, of every expose file), by URL. */
  files: v.optional(v.record(v.string(), Sha384Integrity)),
});
export type RemotePlan = v.InferOutput<typeof RemotePlanSchema>;
export type RemotePlans = Partial<Record<RemoteName, RemotePlan>>;

/** Keeps the remotes the host routes to, with every URL made absolute against the page. */
export function knownRemotePlans(plans: Record<string, RemotePlan>): RemotePlans {
  const absolute = (url: string) => new URL(url, window.location.href).href;
  const known: RemotePlans = {};
  for (const name of remoteNames) {
    const plan = Object.hasOwn(plans, name) ? plans[name] : undefined;
    if (!plan) continue;
    known[name] = {
      manifest: absolute(plan.manifest),
      integrity: plan.integrity,
      ...(plan.entry ? { entry: absolute(plan.entry) } : {}),
      ...(plan.files
        ? {
            files: Object.fromEntries(
              Object.entries(plan.files).map(([url, integrity]) => [absolute(url), integrity]),
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
  /** sha384 of every JS and CSS file the manifest names, by its name (tooling/src/manifestIntegrityPlugin.ts). */
  integrity: v.record(v.string(), Sha384Integrity),
});

/**
 * Without the server's plan (a bare host dev server), the host reads the manifest itself: its
 * bytes must have the sha384 remotes.json gives, and every file it names must have a hash.
 */
export async function planFromManifest(
  manifestUrl: string,
  integrity: string,
  signal?: AbortSignal,
): Promise<RemotePlan> {
  const response = await fetch(manifestUrl, { cache: 'no-cache', signal });
  if (!response.ok) throw new Error(`${manifestUrl}: HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  const actual = await sha384Of(bytes);
  if (actual !== integrity) {
    throw new Error(`${manifestUrl} does not match its integrity in remotes.json (its sha384 is ${actual})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error(`${manifestUrl} is not a manifest: not JSON`);
  }
  const parsed = v.safeParse(ManifestSchema, json);
  if (!parsed.success) throw new Error(`${manifestUrl} is not a manifest: ${v.summarize(parsed.issues)}`);
  const manifest = parsed.output;
  const folder = new URL('.', manifestUrl);
  const files: Record<string, string> = {};
  const inFolder = (file: string) => {
    const url = new URL(file, folder).href;
    const hash = Object.hasOwn(manifest.integrity, file) ? manifest.integrity[file] : undefined;
    if (!hash) throw new Error(`${manifestUrl} gives no sha384 for ${file}`);
    files[url] = hash;
    return url;
  };
  const { remoteEntry } = manifest.metaData;
  const entry = inFolder(
    `${remoteEntry.path}${remoteEntry.path && !remoteEntry.path.endsWith('/') ? '/' : ''}${remoteEntry.name}`,
  );
  // Every file an expose names must have its hash too (a manifest that lacks one is refused).
  for (const expose of manifest.exposes)
    [...expose.assets.js.sync, ...expose.assets.css.sync].forEach(inFolder);
  return { manifest: manifestUrl, integrity, entry, files };
}
