import type { MergedContributions } from '@portal/contributions/merge';
import { atom } from 'jotai';

/**
 * The live remotes' contributions, merged by the portal server (docs/contracts.md,
 * "Contributions"): the routes the host builds its router from, the next actions the dispatcher
 * routes replies with, the factors factor selection can offer and the shell's links. The host
 * sets it once at start-up from the page's start-up data; until then (and in a remote's tests
 * that set nothing) it is empty, and every next action is one nobody claims.
 */
export const contributionsAtom = atom<MergedContributions>({
  version: 1,
  routes: [],
  nextActions: [],
  factors: [],
  links: [],
  calls: [],
});
