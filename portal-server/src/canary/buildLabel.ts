/**
 * The release a manifest URL names: its folder (`/remotes/remote-help/1.0.0-3f2a9c1d0e/mf-manifest.json`
 * → `1.0.0-3f2a9c1d0e`), the name the release tool gives the build. The host reports the same.
 */
export function releaseOfManifest(manifest: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(manifest, 'http://relative.invalid/').pathname;
  } catch {
    return undefined;
  }
  const parts = pathname.split('/').filter((part) => part !== '');
  return parts.length >= 2 ? parts.at(-2) : undefined;
}
