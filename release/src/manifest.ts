import path from 'node:path';
import * as v from 'valibot';

/** A build's manifest is always this file at the top of its folder. */
export const MANIFEST_FILE = 'mf-manifest.json';

const Files = v.object({
  sync: v.optional(v.array(v.string()), []),
  async: v.optional(v.array(v.string()), []),
});
const Assets = v.object({
  js: v.optional(Files, { sync: [], async: [] }),
  css: v.optional(Files, { sync: [], async: [] }),
});

/** The parts of a Module Federation manifest (mf-manifest.json) the release tool reads. */
export const ManifestSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1)),
  metaData: v.object({
    buildInfo: v.optional(v.object({ buildVersion: v.optional(v.string()) })),
    remoteEntry: v.object({ name: v.pipe(v.string(), v.minLength(1)), path: v.optional(v.string(), '') }),
  }),
  exposes: v.array(v.object({ path: v.string(), assets: v.optional(Assets) })),
  shared: v.optional(
    v.array(
      v.object({
        name: v.string(),
        version: v.optional(v.string()),
        requiredVersion: v.optional(v.union([v.string(), v.literal(false)])),
        assets: v.optional(Assets),
      }),
    ),
    [],
  ),
  /** Written by the build (issue 14): file as the manifest names it → sha384. */
  integrity: v.optional(v.record(v.string(), v.string())),
  /** Written by the build (issue 22): the remote's contributions, checked by contributions.ts. */
  contributions: v.optional(v.unknown()),
  /** Written by the build (issue 25): prerendered expose → its markup file, hashed in `integrity`. */
  prerender: v.optional(v.record(v.string(), v.string()), {}),
  /** Written by the build (issue 26): locale → its message catalogue's chunk, hashed in `integrity`. */
  catalogues: v.optional(v.record(v.string(), v.string()), {}),
});
export type Manifest = v.InferOutput<typeof ManifestSchema>;

export type ParsedManifest = { ok: true; manifest: Manifest } | { ok: false; error: string };

export function parseManifest(text: string): ParsedManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `${MANIFEST_FILE} is not JSON (${(error as Error).message})` };
  }
  const parsed = v.safeParse(ManifestSchema, raw);
  return parsed.success
    ? { ok: true, manifest: parsed.output }
    : { ok: false, error: `${MANIFEST_FILE} is not a federation manifest (${v.summarize(parsed.issues)})` };
}

function assetFiles(assets: v.InferOutput<typeof Assets> | undefined): string[] {
  if (!assets) return [];
  return [...assets.js.sync, ...assets.js.async, ...assets.css.sync, ...assets.css.async];
}

/**
 * Every file the manifest names, relative to its folder: the remote entry, each expose's and each
 * shared module's scripts and stylesheets, the prerendered screens' markup and the message
 * catalogues. Sorted, each once.
 */
export function namedFiles(manifest: Manifest): string[] {
  const { remoteEntry } = manifest.metaData;
  const entry = remoteEntry.path ? path.posix.join(remoteEntry.path, remoteEntry.name) : remoteEntry.name;
  const files = new Set<string>([entry]);
  for (const expose of manifest.exposes) for (const file of assetFiles(expose.assets)) files.add(file);
  for (const shared of manifest.shared) for (const file of assetFiles(shared.assets)) files.add(file);
  for (const file of Object.values(manifest.prerender)) files.add(file);
  for (const file of Object.values(manifest.catalogues)) files.add(file);
  return [...files].sort();
}

/** A file name the manifest may use: inside its folder, no `..`, no absolute path or URL. */
export function isInsideFolder(file: string): boolean {
  if (file === '' || file.includes('\\') || file.includes('\0') || /^[a-z][a-z0-9+.-]*:/i.test(file)) {
    return false;
  }
  const normal = path.posix.normalize(file);
  return !normal.startsWith('/') && normal !== '..' && !normal.startsWith('../');
}

/** The portal server sends file.br or file.gz in place of file: they are the build too. */
export const PRECOMPRESSED = ['.br', '.gz'] as const;

/**
 * What a release folder carries: the manifest, every file it names, and the precompressed copies of
 * each that `exists` finds. Nothing else of a build (source maps, build statistics, stray files) is
 * staged or served. Sorted, each once.
 */
export function carriedFiles(manifest: Manifest, exists: (file: string) => boolean): string[] {
  const files = [MANIFEST_FILE, ...namedFiles(manifest)].flatMap((file) => [
    file,
    ...PRECOMPRESSED.map((extension) => `${file}${extension}`).filter(exists),
  ]);
  return [...new Set(files)].sort();
}
