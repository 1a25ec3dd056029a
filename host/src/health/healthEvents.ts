/**
 * What the page reports about each remote build it uses (portal-server README, "Canary analysis"):
 * kinds and numbers only, never a user, an address or an error's text.
 */
export const ERROR_KINDS = ['load-failed', 'boundary', 'unhandled', 'not-usable'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];
export type VitalKind = 'lcp' | 'inp' | 'cls';

/** A remote build: the remote's name and its release (the folder of its manifest). */
export interface Build {
  remote: string;
  release: string;
}

export type HealthEvent =
  | (Build & { kind: 'loaded' })
  | (Build & { kind: ErrorKind; first?: true })
  | (Build & { kind: VitalKind; value: number });

/** The release a manifest URL names: `/remotes/remote-help/1.0.0-3f2a9c1d0e/mf-manifest.json` → `1.0.0-3f2a9c1d0e`. */
export function releaseOfManifest(manifest: string): string | undefined {
  const parts = new URL(manifest, 'http://relative.invalid/').pathname.split('/').filter(Boolean);
  return parts.length >= 2 ? parts.at(-2) : undefined;
}
