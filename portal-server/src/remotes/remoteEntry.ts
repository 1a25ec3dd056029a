import * as v from 'valibot';
import { Sha384Integrity } from './integrity.js';

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

/** A build of a remote: its manifest and the sha384 of the manifest's bytes. */
const build = { manifest: manifestUrl, integrity: Sha384Integrity };

/** "This build for `percent` % of new sessions, the live one for the rest" (the release tool writes it). */
const CanarySchema = v.object({
  ...build,
  percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)),
});

/**
 * One remote in remotes.json: `{ manifest, integrity, canary? }` (the remote-release contract,
 * docs/architecture.md "Remote integrity" and "Releasing one remote"). There is no form without an
 * integrity: a build nobody vouched for never runs.
 */
export const RemoteEntrySchema = v.object({ ...build, canary: v.optional(CanarySchema) });
export type RemoteEntry = v.InferOutput<typeof RemoteEntrySchema>;

/** The build one page load uses, as the browser is told it. */
export interface SessionBuild {
  manifest: string;
  integrity: string;
}
