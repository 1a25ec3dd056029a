import { plannedManifest } from '../federation/remoteRegistry';
import type { RemoteName } from '../federation/remotesConfig';
import { BeaconQueue } from './beaconQueue';
import { type Build, type ErrorKind, releaseOfManifest } from './healthEvents';

/** A screen that has not rendered this long after its route was entered never became usable. */
export const SCREEN_USABLE_WITHIN_MS = 10_000;

/** The page's one queue of health events (canary analysis: portal-server README). */
export const healthBeacon = new BeaconQueue();

/** The build of `remote` this page uses, as its plan names it. */
export function buildOf(remote: RemoteName): Build | undefined {
  const manifest = plannedManifest(remote);
  const release = manifest ? releaseOfManifest(manifest) : undefined;
  return release ? { remote, release } : undefined;
}

/** Builds whose screens the page used, newest last: an error is blamed on them. */
const usedBuilds: Build[] = [];
/** The remote whose screen is on the page now (a page error nobody else owns is blamed on it). */
let shownRemote: RemoteName | undefined;
/** The build of the page's first screen: the Web Vitals are its. */
let firstScreen: Build | undefined;

export function firstScreenBuild(): Build | undefined {
  return firstScreen;
}

export function usedBuildList(): readonly Build[] {
  return usedBuilds;
}

export function shownBuild(): Build | undefined {
  return shownRemote ? buildOf(shownRemote) : undefined;
}

/** Screens waiting to render, by visit; visits whose screen has rendered or failed. */
const waiting = new Map<string, { remote: RemoteName; timer: ReturnType<typeof setTimeout> }>();
const settledVisits = new Set<string>();

/**
 * A route's screen of `remote` starts (navigation `visit`): the build counts as used by this
 * page, and unless `screenShown(visit)` comes first the screen is reported as never usable after
 * SCREEN_USABLE_WITHIN_MS. Returns what to call when the route is left.
 */
export function screenStarted(remote: RemoteName, visit: string): () => void {
  shownRemote = remote;
  const build = buildOf(remote);
  if (!build) return () => undefined;
  firstScreen ??= build;
  if (!usedBuilds.some((known) => known.remote === build.remote && known.release === build.release))
    usedBuilds.push(build);
  healthBeacon.used(build);
  // A screen whose code had arrived rendered, or failed, in this same commit (before this effect).
  if (settledVisits.has(visit)) return () => undefined;
  clearTimeout(waiting.get(visit)?.timer);
  const timer = setTimeout(() => {
    waiting.delete(visit);
    healthBeacon.error(build, 'not-usable');
  }, SCREEN_USABLE_WITHIN_MS);
  waiting.set(visit, { remote, timer });
  return () => {
    clearTimeout(timer);
    waiting.delete(visit);
  };
}

/** What waits for the page's first rendered screen (then runs once). */
let afterFirstScreen: (() => void)[] | undefined = [];

/** Runs `then` once a screen has rendered on this page (at once when one has). */
export function whenFirstScreenShown(then: () => void): void {
  if (afterFirstScreen) afterFirstScreen.push(then);
  else then();
}

/** The screen of navigation `visit` has rendered. */
export function screenShown(visit: string): void {
  const waitingForFirst = afterFirstScreen;
  afterFirstScreen = undefined;
  for (const then of waitingForFirst ?? []) then();
  settledVisits.add(visit);
  clearTimeout(waiting.get(visit)?.timer);
  waiting.delete(visit);
}

/**
 * The error boundary around a screen of `remote` caught `kind` on `visit` (a stuck screen is then
 * reported as this). A screen whose code had arrived fails in the commit that first shows it,
 * before screenStarted's effect: the build counts as used all the same, so the error is counted
 * with its session, and the visit is settled, so it is not reported as never usable as well.
 */
export function screenFailed(
  remote: RemoteName,
  kind: Extract<ErrorKind, 'load-failed' | 'boundary'>,
  visit: string,
): void {
  settledVisits.add(visit);
  for (const [waitingVisit, item] of waiting) {
    if (item.remote !== remote) continue;
    clearTimeout(item.timer);
    waiting.delete(waitingVisit);
  }
  const build = buildOf(remote);
  if (!build) return;
  healthBeacon.used(build);
  healthBeacon.error(build, kind);
}
