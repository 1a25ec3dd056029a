/**
 * The packages the host and every remote share as one copy at run time (Module Federation
 * singletons), decided here once: the build declares them (tooling/src/shared.ts, which must say
 * how it shares each one), and the release tool checks that a remote's needs of them are met by
 * the live host (release/src/checks.ts). React Router is not among them: it reaches the remotes
 * only through the kernel's router entry.
 */
export const SHARED_SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'jotai',
  'react-intl',
  '@portal/shared',
] as const;

export type SharedSingletonPackage = (typeof SHARED_SINGLETON_PACKAGES)[number];

/** The package of a share key: `react-dom/client` → react-dom, `@portal/shared/router` → @portal/shared. */
export function packageOfShareKey(shareKey: string): string {
  const parts = shareKey.split('/');
  return shareKey.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? shareKey);
}
