/**
 * The remotes a release directory holds: the federation (container) name remotes.json uses, and
 * the package folder its builds live under (`<releases>/<package>/<release>/`).
 */
export const remotePackages = {
  remote_login: 'remote-login',
  remote_factors: 'remote-factors',
  remote_selfservice: 'remote-selfservice',
  remote_help: 'remote-help',
} as const;

export type RemoteName = keyof typeof remotePackages;

export interface Remote {
  name: RemoteName;
  pkg: (typeof remotePackages)[RemoteName];
}

/** A remote by its container name (remote_factors) or its package folder (remote-factors). */
export function findRemote(input: string): Remote | undefined {
  for (const [name, pkg] of Object.entries(remotePackages) as [RemoteName, Remote['pkg']][]) {
    if (input === name || input === pkg) return { name, pkg };
  }
  return undefined;
}

export const remoteNames = Object.keys(remotePackages) as RemoteName[];
