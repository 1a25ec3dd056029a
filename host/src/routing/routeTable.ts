import type { MergedContributions } from '@portal/contributions/merge';
import { messages } from '@portal/shared/words';
import { paths } from '@portal/shared/router';
import { type RemoteName, remoteNames } from '../federation/remotesConfig';

/**
 * The host's route table, built from the live remotes' contributions (docs/contracts.md,
 * "Contributions"): the host names no screen. Each function here reads the merged value the
 * page's start-up data carried (contributionsAtom); the shell's own addresses (home, welcome,
 * denied, the restart notice, signed-out, not found) are the only ones it knows by name.
 */

export type HostRoute = MergedContributions['routes'][number] & { remote: RemoteName };

/** A screen of a remote: what the router renders and the prefetch loads. */
export interface ScreenRef {
  remote: RemoteName;
  expose: string;
}

const isRemoteName = (name: string): name is RemoteName => (remoteNames as readonly string[]).includes(name);

/** '/verify/' and '/verify' are one address; '/' stays '/'. */
export function normalizedPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The contributed routes the host can render (routes of a remote it does not know are ignored). */
export function hostRoutes(contributions: MergedContributions): HostRoute[] {
  return contributions.routes.filter((route): route is HostRoute => isRemoteName(route.remote));
}

export function routeAt(contributions: MergedContributions, pathname: string): HostRoute | undefined {
  const path = normalizedPath(pathname);
  return hostRoutes(contributions).find((route) => route.path === path);
}

/**
 * The title of the screen at `pathname`: its route's; the shell's restart notice when no remote
 * contributes that address; 'Page Not Found' for any other address.
 */
export function screenTitleFor(contributions: MergedContributions, pathname: string): string {
  const route = routeAt(contributions, pathname);
  if (route) return route.title;
  return normalizedPath(pathname) === paths.restartRequired
    ? messages.endPages.unrecoverable
    : messages.shell.pageNotFound;
}

/**
 * The screen a fresh page load shows for an address: its own, or for guards B and C (which need a
 * session, and a fresh page has none: tokens live in memory) the home page's. The portal server's
 * first-load plan makes the same choice for its preloads.
 */
export function firstScreenFor(contributions: MergedContributions, pathname: string): HostRoute | undefined {
  const route = routeAt(contributions, pathname);
  if (!route) return undefined;
  if (route.guard === 'B' || route.guard === 'C') return routeAt(contributions, paths.home);
  return route;
}

/**
 * The screens the user most likely needs next from `pathname`, most likely first: its route's
 * `likelyNext` addresses, each resolved to the screen that serves it (addresses no live remote
 * serves are left out; a screen is named once).
 */
export function likelyNextScreens(contributions: MergedContributions, pathname: string): ScreenRef[] {
  const screens: ScreenRef[] = [];
  for (const next of routeAt(contributions, pathname)?.likelyNext ?? []) {
    const route = routeAt(contributions, next);
    if (!route) continue;
    if (screens.some((s) => s.remote === route.remote && s.expose === route.expose)) continue;
    screens.push({ remote: route.remote, expose: route.expose });
  }
  return screens;
}
