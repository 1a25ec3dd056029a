import * as v from 'valibot';

/** The remote names the host knows how to route to; remotes.json must name each of them. */
export const remoteNames = ['remote_login', 'remote_factors', 'remote_selfservice', 'remote_help'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** An http(s) URL or a path (resolved against the page). */
export const HttpUrl = v.pipe(
  v.string(),
  v.check((value) => {
    try {
      const url = new URL(value, 'http://placeholder.invalid/');
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'an http(s) URL or a path'),
);

const manifestUrl = v.pipe(
  HttpUrl,
  v.check(
    (value) => new URL(value, 'http://placeholder.invalid/').pathname.endsWith('.json'),
    'a manifest URL (http or https, ending in .json)',
  ),
);

/** Each remote's build: `{ manifest, integrity }` (the server resolves a canary first), or a bare URL. */
const RemotesConfigSchema = v.record(
  v.string(),
  v.union([manifestUrl, v.object({ manifest: manifestUrl, integrity: v.optional(v.string()) })]),
);
export type RemotesConfig = Partial<Record<RemoteName, string>>;

/**
 * remotes.json maps each remote to the manifest of the build to use. It is fetched on every
 * start (served no-store), which is how a release engineer promotes or rolls back one remote.
 */
export async function fetchRemotesConfig(signal?: AbortSignal): Promise<RemotesConfig> {
  const response = await fetch('/remotes.json', { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const parsed = v.safeParse(RemotesConfigSchema, await response.json());
  if (!parsed.success) throw new Error(`remotes.json is invalid: ${v.summarize(parsed.issues)}`);
  const config: RemotesConfig = {};
  for (const name of remoteNames) {
    const entry = parsed.output[name];
    if (entry)
      config[name] = new URL(typeof entry === 'string' ? entry : entry.manifest, window.location.href).href;
  }
  return config;
}
