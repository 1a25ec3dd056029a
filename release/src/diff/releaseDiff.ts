import type { Contributions } from '@portal/contributions/schema';
import { resolveRemote } from '../context.js';
import { HOST } from '../host/hostBuild.js';
import type { ReleaseDir } from '../releaseDir.js';
import { isEmpty, type KeyedDiff, keyedDiff } from './keyedDiff.js';
import { type ReleaseFacts, releaseFacts } from './releaseFacts.js';

/** What differs between two staged releases of one remote (or of the host). */
export interface ReleaseDiff {
  remote: string;
  from: { release: string; revision: string | null };
  to: { release: string; revision: string | null };
  files: { added: string[]; removed: string[]; changed: string[] };
  exposes: KeyedDiff;
  contributions: {
    routes: KeyedDiff;
    nextActions: KeyedDiff;
    factors: KeyedDiff;
    links: KeyedDiff;
    calls: KeyedDiff;
  };
  shared: KeyedDiff;
  /** Contributions that could not be read (the build is then refused by verify). */
  notes: string[];
  /** true when nothing above differs. */
  same: boolean;
}

const EMPTY: Contributions = { version: 1, routes: [], nextActions: [], factors: [], links: [], calls: [] };

function fileDiff(a: ReleaseFacts, b: ReleaseFacts): ReleaseDiff['files'] {
  const names = (map: Map<string, string>) => [...map.keys()].sort();
  return {
    added: names(b.files).filter((file) => !a.files.has(file)),
    removed: names(a.files).filter((file) => !b.files.has(file)),
    changed: names(a.files).filter((file) => b.files.has(file) && a.files.get(file) !== b.files.get(file)),
  };
}

function contributionsDiff(a: Contributions, b: Contributions): ReleaseDiff['contributions'] {
  return {
    routes: keyedDiff(a.routes, b.routes, (route) => route.path),
    nextActions: keyedDiff(
      a.nextActions,
      b.nextActions,
      (next) => `${next.action}${next.when ? ` when ${next.when.additional}=${next.when.equals}` : ''}`,
    ),
    factors: keyedDiff(a.factors, b.factors, (factor) => factor.code),
    links: keyedDiff(a.links, b.links, (link) => `${link.slot} ${link.path}`),
    calls: keyedDiff(a.calls, b.calls, (call) => `${call.method} ${call.path}`),
  };
}

/**
 * `release diff <remote> <A> <B>`: the files added, removed and changed (by the sha384 each
 * release's integrity.json records), the exposes, the contributions (routes, next actions,
 * factors, links, SSO calls) and the shared modules' versions, from A to B.
 */
export function diffReleases(dir: ReleaseDir, remote: string, from: string, to: string): ReleaseDiff {
  dir.assertExists();
  const a = releaseFacts(dir, remote, from);
  const b = releaseFacts(dir, remote, to);
  const files = fileDiff(a, b);
  const exposes = keyedDiff(a.exposes, b.exposes, (expose) => expose.path);
  const contributions = contributionsDiff(a.contributions ?? EMPTY, b.contributions ?? EMPTY);
  const shared = keyedDiff(a.shared, b.shared, (module) => module.name);
  const notes = [a, b].flatMap((facts) =>
    facts.contributionsProblem ? [`${facts.release}: ${facts.contributionsProblem}`] : [],
  );
  const same =
    files.added.length + files.removed.length + files.changed.length === 0 &&
    [exposes, shared, ...Object.values(contributions)].every(isEmpty);
  return {
    remote: remote === HOST ? HOST : resolveRemote(remote).name,
    from: { release: from, revision: a.revision },
    to: { release: to, revision: b.revision },
    files,
    exposes,
    contributions,
    shared,
    notes,
    same,
  };
}
