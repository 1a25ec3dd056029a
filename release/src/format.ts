import type { BuildHealth } from './canary/buildHealth.js';
import type { Percentile } from './canary/statistics.js';
import type { WatchResult } from './canary/watch.js';
import type { FieldChange, KeyedDiff } from './diff/keyedDiff.js';
import type { ReleaseDiff } from './diff/releaseDiff.js';
import type { PromoteResult } from './promote.js';
import type { PruneResult } from './prune.js';
import type { RollbackResult } from './rollback.js';
import type { Staged } from './stage.js';
import type { BuildStatus, StatusReport } from './status.js';
import type { SmokeMode, SmokeReport } from './smoke/report.js';
import type { VerifyReport } from './verify.js';

/** What the commands print for people (--json prints the results themselves). */

/** A source revision as people read it. */
const revisionText = (revision: string | null | undefined) => revision ?? 'unknown revision';

/** The line a --dry-run answer ends with. */
const DRY_RUN = '(--dry-run: nothing was written)';

export function formatStaged(staged: Staged): string {
  const verb = staged.dryRun
    ? staged.created
      ? 'Would stage'
      : 'Already staged (nothing to copy)'
    : staged.created
      ? 'Staged'
      : 'Already staged';
  return [
    `${verb} ${staged.remote} ${staged.release}`,
    `  folder:    ${staged.folder}`,
    staged.remote === 'host'
      ? `  integrity: ${staged.integrity} (integrity.json, which holds every file's)`
      : `  integrity: ${staged.integrity} (mf-manifest.json; every file in integrity.json)`,
    `  source:    ${revisionText(staged.revision)}`,
    staged.dryRun
      ? DRY_RUN
      : `Promote it with: node scripts/release.mjs promote ${staged.remote} ${staged.release}`,
  ].join('\n');
}

const SMOKE_PASSES: Record<SmokeMode, string> = {
  screens: 'and the smoke test (every screen it can reach renders cleanly)',
  journey: 'and the smoke test (pat.password and sam.sms sign in)',
  all: 'and the smoke test (every screen it can reach renders cleanly; pat.password and sam.sms sign in)',
};

export function formatVerified(report: VerifyReport, smoke: SmokeReport | undefined): string {
  const passes = `${report.remote} ${report.release} passes every check${smoke ? `, ${SMOKE_PASSES[smoke.mode]}` : ''}`;
  return [passes, ...(report.host ? [`  ${report.host}`] : []), ...(smoke ? [formatSmoke(smoke)] : [])].join(
    '\n',
  );
}

/** What the smoke test rendered, what it could not check, and how long it took. */
export function formatSmoke(smoke: SmokeReport): string {
  return [
    ...(smoke.rendered.length > 0 ? [`  rendered: ${smoke.rendered.join(', ')}`] : []),
    ...smoke.notChecked.map((note) => `  not checked: ${note}`),
    `  smoke test: ${smoke.seconds} s`,
  ].join('\n');
}

export function formatPromoted(result: PromoteResult): string {
  if (!result.changed)
    return `${result.remote} already ${result.action === 'canary' ? 'runs that canary' : `is at ${result.to.release}`}; nothing changed`;
  const from = result.from ? result.from.release : 'nothing';
  const done =
    result.action === 'canary'
      ? `${result.remote}: ${result.to.release} for ${result.percent} % of new sessions, ${from} for the rest`
      : `${result.remote}: ${from} → ${result.to.release}${result.dryRun ? '' : ' (new page loads use it now)'}`;
  return result.dryRun
    ? `Would switch ${done} (source: ${revisionText(result.to.revision)})\n${DRY_RUN}`
    : done;
}

export function formatRolledBack(result: RollbackResult): string {
  const done =
    result.action === 'end-canary'
      ? `${result.remote}: canary ${result.from.release} ended; ${result.to.release} serves every session`
      : `${result.remote}: rolled back ${result.from.release} → ${result.to.release}`;
  return result.dryRun ? `Would switch ${done}\n${DRY_RUN}` : done;
}

const percentileText = (name: string, value: Percentile | undefined, unit: string) =>
  value ? `${name} ${value.above ? '>' : '≤'} ${value.value}${unit}` : `${name} –`;

/** One build's browser figures: sessions, error rate, p75 of the first screen's vitals. */
export function formatHealth(health: BuildHealth): string {
  if (health.sessions === 0) return 'browsers: no sessions yet';
  const rate = `${(health.errorRate * 100).toFixed(1)} %`;
  return [
    `browsers: ${health.sessions} session${health.sessions === 1 ? '' : 's'}, ${rate} with errors (${health.sessionsWithError})`,
    `p75 ${percentileText('LCP', health.p75.lcp, ' ms')}`,
    percentileText('INP', health.p75.inp, ' ms'),
    percentileText('CLS', health.p75.cls, ''),
  ].join(', ');
}

function formatBuild(label: string, build: BuildStatus): string[] {
  const who = build.by ? ` (${build.by}${build.hostname ? ` on ${build.hostname}` : ''})` : '';
  const since = build.since ? ` since ${build.since}${who}` : '';
  return [
    `  ${label}${build.release}${since}`,
    ...(build.revision === undefined ? [] : [`    source: ${revisionText(build.revision)}`]),
    ...(build.health ? [`    ${formatHealth(build.health)}`] : []),
    ...build.problems.map((problem) => `    ✖ ${problem}`),
  ];
}

export function formatStatus(report: StatusReport): string {
  const lines = [`${report.file}:`];
  for (const remote of [...report.remotes, ...(report.host ? [report.host] : [])]) {
    lines.push(`${remote.remote}`);
    lines.push(...formatBuild('live:     ', remote.live));
    if (remote.canary) lines.push(...formatBuild(`canary ${remote.canary.percent} %: `, remote.canary));
    if (remote.previous) lines.push(`  before:   ${remote.previous.release}`);
  }
  for (const item of report.interrupted) {
    lines.push(
      `Interrupted: ${item.action} of ${item.remote} to ${item.to} by ${item.by} at ${item.at} ` +
        (item.applied
          ? 'was written, and is shown above; the next command records it as done.'
          : 'was never written; the next command records it as not done.'),
    );
  }
  lines.push(
    report.stats
      ? `Browser figures from ${report.stats.source}; p75 is the upper bound of the histogram bucket it falls in.`
      : 'Browser figures (sessions, error rate, p75 vitals) not asked for: pass --stats URL or set RELEASE_STATS_URL.',
  );
  if (!report.ok)
    lines.push(
      'Problems found: a folder remotes.json or host.json names is missing or not the build staged there.',
    );
  return lines.join('\n');
}

export function formatPruned(result: PruneResult): string {
  const verb = result.dryRun ? 'Would delete' : 'Deleted';
  return [
    result.removed.length === 0
      ? `${result.remote}: nothing to delete`
      : `${result.remote}: ${verb} ${result.removed.length} release folder${result.removed.length === 1 ? '' : 's'}: ${result.removed.join(', ')}`,
    ...result.kept.map(({ release, why }) => `  kept ${release} (${why.join(', ')})`),
  ].join('\n');
}

const valueText = (value: unknown) =>
  value === undefined ? '(none)' : typeof value === 'string' ? value : JSON.stringify(value);
const changeText = ({ field, from, to }: FieldChange) => `${field} ${valueText(from)} → ${valueText(to)}`;

/** One kind of item of a diff: a line per added, removed and changed item. */
function keyedLines(title: string, diff: KeyedDiff): string[] {
  const lines = [
    ...diff.added.map((key) => `  + ${key}`),
    ...diff.removed.map((key) => `  - ${key}`),
    ...diff.changed.map(({ key, changes }) => `  ~ ${key}: ${changes.map(changeText).join('; ')}`),
  ];
  return lines.length > 0 ? [`${title}:`, ...lines] : [];
}

export function formatDiff(diff: ReleaseDiff): string {
  const head = `${diff.remote} ${diff.from.release} (${revisionText(diff.from.revision)}) → ${diff.to.release} (${revisionText(diff.to.revision)})`;
  if (diff.same) return `${head}\n  the same build: no file, expose, contribution or shared module differs`;
  const { files } = diff;
  const fileLines = [
    ...files.added.map((file) => `  + ${file}`),
    ...files.removed.map((file) => `  - ${file}`),
    ...files.changed.map((file) => `  ~ ${file}`),
  ];
  return [
    head,
    ...(fileLines.length > 0
      ? [
          `files: ${files.added.length} added, ${files.removed.length} removed, ${files.changed.length} changed`,
          ...fileLines,
        ]
      : []),
    ...keyedLines('exposes', diff.exposes),
    ...keyedLines('routes', diff.contributions.routes),
    ...keyedLines('next actions', diff.contributions.nextActions),
    ...keyedLines('factors', diff.contributions.factors),
    ...keyedLines('links', diff.contributions.links),
    ...keyedLines('SSO calls', diff.contributions.calls),
    ...keyedLines('shared modules', diff.shared),
    ...diff.notes.map((note) => `note: ${note}`),
  ].join('\n');
}

/** The end of `promote --watch`: healthy, rolled back (and why), or not judged. */
export function formatWatched(promoted: PromoteResult, watch: WatchResult): string {
  const head = formatPromoted(promoted);
  if (watch.rolledBack)
    return `${head}\nRolled back by itself: ${formatRolledBack(watch.rolledBack)}\n  why: ${watch.reason}`;
  if (watch.verdict === 'healthy')
    return `${head}\nCanary healthy after the window (${watch.polls} reads): ${watch.reason}`;
  return `${head}\nCanary not judged after the window (${watch.polls} reads): ${watch.reason}; it keeps running`;
}
