import * as v from 'valibot';

const manifestUrl = v.pipe(
  v.string(),
  v.check((value) => {
    try {
      const url = new URL(value, 'http://relative.invalid/');
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.endsWith('.json');
    } catch {
      return false;
    }
  }, 'a manifest URL (absolute http(s) or a path) ending in .json'),
);

const integrity = v.pipe(v.string(), v.regex(/^sha384-[A-Za-z0-9+/]{64}$/, 'a sha384-<base64> integrity'));

/** A build of a remote: its manifest and the sha384 of the manifest's bytes. */
const build = { manifest: manifestUrl, integrity };

/** "This build for `percent` % of new sessions, the live one for the rest" (the release tool writes it). */
const CanarySchema = v.object({
  ...build,
  percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)),
});

/**
 * One remote in remotes.json: `{ manifest, integrity, canary? }` (the remote-release contract), or
 * a bare manifest URL (older files, a remote's dev server).
 */
export const RemoteEntrySchema = v.union([
  manifestUrl,
  v.object({ ...build, canary: v.optional(CanarySchema) }),
]);
export type RemoteEntry = v.InferOutput<typeof RemoteEntrySchema>;

/** The build one page load uses, as the browser is told it (a bare URL stays a bare URL). */
export type SessionBuild = string | { manifest: string; integrity: string };

/** Every manifest an entry names (its canary's too): what the CSP must allow. */
export function manifestsOf(entry: RemoteEntry): string[] {
  if (typeof entry === 'string') return [entry];
  return entry.canary ? [entry.manifest, entry.canary.manifest] : [entry.manifest];
}

export function manifestOf(build: SessionBuild): string {
  return typeof build === 'string' ? build : build.manifest;
}
