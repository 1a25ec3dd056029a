import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { isInsideFolder, MANIFEST_FILE, PRECOMPRESSED } from '../manifest.js';

/** The name the host goes by in the release tool, host.json and the release log. */
export const HOST = 'host';
/** Its release folders: `<releases>/host/<version>-<content hash>/`. */
export const HOST_PKG = 'host';

export const INDEX_FILE = 'index.html';
export const FIRST_LOAD_FILE = 'first-load.json';

/** The code-split chunks of a build (`main.9a578ebf34.js`, `4654.38f77278a7.css`): content-hashed names. */
const HASHED_CHUNK = /^[\w-]+\.[0-9a-f]{8,}\.(js|css)$/;

const href = v.string();
const Files = v.object({ js: v.array(href), css: v.array(href) });
const AssetFiles = v.object({
  sync: v.optional(v.array(v.string()), []),
  async: v.optional(v.array(v.string()), []),
});
const Assets = v.object({
  js: v.optional(AssetFiles, { sync: [], async: [] }),
  css: v.optional(AssetFiles, { sync: [], async: [] }),
});
/** The host's mf-manifest.json (no remote entry, no exposes): its name, version and shared modules' files. */
const HostManifestSchema = v.object({
  name: v.string(),
  metaData: v.object({ buildInfo: v.optional(v.object({ buildVersion: v.optional(v.string()) })) }),
  shared: v.optional(v.array(v.object({ assets: v.optional(Assets) })), []),
});
export type HostManifest = v.InferOutput<typeof HostManifestSchema>;

export function parseHostManifest(
  text: string,
): { ok: true; manifest: HostManifest } | { ok: false; error: string } {
  try {
    const parsed = v.safeParse(HostManifestSchema, JSON.parse(text));
    return parsed.success
      ? { ok: true, manifest: parsed.output }
      : {
          ok: false,
          error: `${MANIFEST_FILE} is not the host's federation manifest (${v.summarize(parsed.issues)})`,
        };
  } catch {
    return { ok: false, error: `${MANIFEST_FILE} is not JSON` };
  }
}

function sharedFiles(manifest: HostManifest): string[] {
  return manifest.shared.flatMap(({ assets }) =>
    assets ? [...assets.js.sync, ...assets.js.async, ...assets.css.sync, ...assets.css.async] : [],
  );
}

const FirstLoadFilesSchema = v.object({
  entry: v.optional(v.string()),
  host: Files,
  last: v.optional(Files, { js: [], css: [] }),
  deferred: v.optional(Files, { js: [], css: [] }),
});

/** `/main.9a578ebf34.js` → `main.9a578ebf34.js`; undefined for anything not a file of the build's own origin. */
function ownFile(url: string): string | undefined {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  const file = decodeURIComponent(url.slice(1).split(/[?#]/, 1)[0] ?? '');
  return isInsideFolder(file) ? file : undefined;
}

/** The same-origin files index.html loads: its scripts, stylesheets and icon. */
export function indexFiles(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/gi)) {
    const file = ownFile(match[1] ?? '');
    if (file) files.add(file);
  }
  return [...files];
}

export type HostFiles = { ok: true; named: string[]; carried: string[] } | { ok: false; problems: string[] };

/**
 * What a host build is: index.html and what it loads, first-load.json and the start-up and deferred
 * chunks it names, mf-manifest.json and the shared modules' files it names, the build's other
 * code-split chunks (lazy code nothing names up front), and the .br/.gz copy of each. Nothing else
 * (no source maps, no mf-stats.json, no stray file) is a part of the build. `named`: the files the
 * three entry files name (each must be there); `carried`: everything a release folder holds.
 */
export function hostFiles(dir: string): HostFiles {
  const problems: string[] = [];
  const read = (file: string): string | undefined => {
    try {
      return readFileSync(path.join(dir, file), 'utf8');
    } catch {
      problems.push(`${file} is missing`);
      return undefined;
    }
  };
  const named = new Set<string>([INDEX_FILE, FIRST_LOAD_FILE, MANIFEST_FILE]);
  const html = read(INDEX_FILE);
  if (html !== undefined) for (const file of indexFiles(html)) named.add(file);
  const plan = read(FIRST_LOAD_FILE);
  if (plan !== undefined) {
    let parsed: v.SafeParseResult<typeof FirstLoadFilesSchema> | undefined;
    try {
      parsed = v.safeParse(FirstLoadFilesSchema, JSON.parse(plan));
    } catch {
      problems.push(`${FIRST_LOAD_FILE} is not JSON`);
    }
    if (parsed && !parsed.success) problems.push(`${FIRST_LOAD_FILE} is not the host's first-load plan`);
    if (parsed?.success) {
      const { entry, host, last, deferred } = parsed.output;
      const urls = [...host.js, ...host.css, ...last.js, ...last.css, ...deferred.js, ...deferred.css];
      for (const url of entry === undefined ? urls : [entry, ...urls]) {
        const file = ownFile(url);
        if (file) named.add(file);
      }
    }
  }
  const manifestText = read(MANIFEST_FILE);
  if (manifestText !== undefined) {
    const parsed = parseHostManifest(manifestText);
    if (!parsed.ok) problems.push(parsed.error);
    else if (parsed.manifest.name !== HOST)
      problems.push(`${MANIFEST_FILE} is the build of ${parsed.manifest.name}, not of the host`);
    else for (const file of sharedFiles(parsed.manifest)) named.add(file);
  }
  if (problems.length > 0) return { ok: false, problems };
  for (const file of named) {
    if (!isInsideFolder(file)) problems.push(`${file} is outside the build folder`);
    else if (!existsSync(path.join(dir, file))) problems.push(`${file} is named by the build but missing`);
  }
  if (problems.length > 0) return { ok: false, problems };
  const chunks = readdirSync(dir).filter((name) => HASHED_CHUNK.test(name));
  const carried = [...new Set([...named, ...chunks])].flatMap((file) => [
    file,
    ...PRECOMPRESSED.map((extension) => `${file}${extension}`).filter((copy) =>
      existsSync(path.join(dir, copy)),
    ),
  ]);
  return { ok: true, named: [...named].sort(), carried: [...new Set(carried)].sort() };
}
