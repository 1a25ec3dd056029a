import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { ReleaseError } from './errors.js';

/** What the live host's build says about itself: the singletons it provides. */
export interface HostFacts {
  /** Share key (react, react-dom/client, @portal/shared/router…) → the version the host provides. */
  provided: Map<string, string>;
}

const HostManifestSchema = v.object({
  shared: v.array(v.object({ name: v.string(), version: v.optional(v.string()) })),
});

function readJson<T>(file: string, schema: v.GenericSchema<unknown, T>, what: string): T {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ReleaseError(
      `Cannot check against the live host: ${file} is missing (build the host, or pass --host-dist)`,
    );
  }
  try {
    const parsed = v.safeParse(schema, JSON.parse(text));
    if (parsed.success) return parsed.output;
    throw new ReleaseError(
      `Cannot check against the live host: ${file} is not ${what} (${v.summarize(parsed.issues)})`,
    );
  } catch (error) {
    if (error instanceof ReleaseError) throw error;
    throw new ReleaseError(`Cannot check against the live host: ${file} is not JSON`);
  }
}

/**
 * Reads the host build the portal server serves (HOST_DIST): its mf-manifest.json names the shared
 * modules the host provides. (Which routes need which expose is each build's own contributions.)
 */
export function readHostFacts(hostDist: string): HostFacts {
  const manifest = readJson(
    path.join(hostDist, 'mf-manifest.json'),
    HostManifestSchema,
    "the host's federation manifest",
  );
  const provided = new Map<string, string>();
  for (const shared of manifest.shared) if (shared.version) provided.set(shared.name, shared.version);
  return { provided };
}
