import type { RemoteName, RemotesConfig } from './remotesConfig';
import { registerRemote } from './runtime';

/** Manifest URLs as registered at start, so a Retry can register the same build afresh. */
let configured: RemotesConfig = {};

export function registerConfiguredRemotes(config: RemotesConfig): void {
  configured = config;
  for (const [name, manifestUrl] of Object.entries(config)) {
    registerRemote(name, manifestUrl);
  }
}

export function isConfigured(remote: RemoteName): boolean {
  return configured[remote] !== undefined;
}

/** Drops what the runtime cached about a failed remote (manifest, entry) so the next load is real. */
export function resetRemote(remote: RemoteName): void {
  const manifestUrl = configured[remote];
  if (manifestUrl) registerRemote(remote, manifestUrl, true);
}
