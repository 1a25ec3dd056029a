import type { RemotesConfig } from './remotesFile.js';

/**
 * The foreign origins the remotes are loaded from. Relative manifest URLs (the usual case, served
 * from RELEASES_DIR) are the portal's own origin and need no CSP entry.
 */
export function remoteOrigins(config: RemotesConfig, publicOrigin: string): string[] {
  const origins = new Set<string>();
  for (const manifestUrl of Object.values(config)) {
    const origin = new URL(manifestUrl, `${publicOrigin}/`).origin;
    if (origin !== publicOrigin) origins.add(origin);
  }
  return [...origins].sort();
}
