import { manifestsOf } from './remoteEntry.js';
import type { RemotesConfig } from './remotesFile.js';

/**
 * The foreign origins the remotes are loaded from (a canary's too). Relative manifest URLs (the usual case, served
 * from RELEASES_DIR) are the portal's own origin and need no CSP entry.
 */
export function remoteOrigins(config: RemotesConfig, publicOrigin: string): string[] {
  const origins = new Set<string>();
  for (const manifestUrl of Object.values(config).flatMap(manifestsOf)) {
    const origin = new URL(manifestUrl, `${publicOrigin}/`).origin;
    if (origin !== publicOrigin) origins.add(origin);
  }
  return [...origins].sort();
}
