import path from 'node:path';
import { parseArgs } from 'node:util';
import { withHealth } from './canary/buildHealth.js';
import { readCanaryStats } from './canary/canaryStats.js';
import { parseDuration } from './canary/duration.js';
import { watchCanary } from './canary/watch.js';
import { defaultBuildDir, stage, verify } from './commands.js';
import { lockSettings, type ReleaseContext, type SwitchContext } from './context.js';
import { diffReleases } from './diff/releaseDiff.js';
import { ReleaseError } from './errors.js';
import { HOST } from './host/hostBuild.js';
import { stageHost } from './host/hostStage.js';
import { promoteHost, rollbackHost } from './host/hostSwitch.js';
import { verifyHost } from './host/hostVerify.js';
import { accountName, releaserName } from './identity.js';
import { DEFAULT_WAIT_MS } from './lock/releaseLock.js';
import { promote } from './promote.js';
import { DEFAULT_KEEP, prune } from './prune.js';
import { ReleaseDir } from './releaseDir.js';
import { findRemote } from './remotes.js';
import { sourceRevision } from './revision.js';
import { rollback } from './rollback.js';
import { SMOKE_MODES, type SmokeMode, type SmokeReport } from './smoke/report.js';
import { status } from './status.js';
import {
  formatDiff,
  formatPromoted,
  formatPruned,
  formatRolledBack,
  formatStaged,
  formatStatus,
  formatSmoke,
  formatVerified,
  formatWatched,
} from './format.js';

export const USAGE = `Usage: node scripts/release.mjs <command> [options]   (or: npm run release -- <command> …)

  stage <remote> [--from DIR] [--revision REV]
                                          copy a build (default <remote>/dist) into its immutable folder,
                                          recording its source revision (default $SOURCE_REVISION, else
                                          the git commit its folder lies in)
  verify <remote> <release> [--smoke[=journey|all]]
                                          check a staged build; --smoke also renders each screen it
                                          contributes in Chromium with the build live (errors, the error
                                          banner, axe-core WCAG A/AA); --smoke=journey signs pat.password
                                          and sam.sms in instead; --smoke=all does both
          [--routes /a,/b]                render only these routes of the build (after a change that
                                          touches a few screens; every expose is still loaded)
  promote <remote> <release> [--canary N] verify, then switch remotes.json (N: % of new sessions, 1-99)
          [--watch [--window 10m] [--every 15s] [--stats URL]]
                                          with --canary: read what browsers report over the window and
                                          roll the canary back by itself when it is clearly worse than
                                          live (exit 0 healthy, 1 rolled back, 3 not enough sessions)
  rollback <remote>                       end a canary, or go back to the build live before
  status [--stats URL]                    what is live for each remote, since when, what came before;
                                          with --stats (or $RELEASE_STATS_URL, a portal server's
                                          METRICS_PORT /canary-stats): sessions, error rate, p75 vitals
  prune <remote> [--keep N]               delete release folders nothing needs: keeps the live build,
                                          a canary, the N builds live before (rollback) and the N
                                          staged last (default N: ${DEFAULT_KEEP})
  diff <remote> <release> <release>       what differs from the first release to the second: files,
                                          exposes, contributions, shared module versions

  <remote> is remote_login, remote_factors, remote_selfservice or remote_help (or its folder name),
  or host: the host's own build (default host/dist), named in host.json beside remotes.json.

  stage, promote, rollback and prune take --dry-run (every check, nothing written) and --wait
  SECONDS (how long to wait for another release command's lock; default ${DEFAULT_WAIT_MS / 1000}).

Options: --dir DIR (the release directory; default $RELEASES_DIR or .releases)
         --config FILE (remotes.json; default $REMOTES_CONFIG or DIR/remotes.json)
         --host-dist DIR (the live host's build; default $HOST_DIST, else the release host.json
                         names, else host/dist)
         --by NAME (who releases, for the log of promote and rollback; default $RELEASE_BY, else
                   $USER, else the account's login name; refused when none is known)
         --json   --help`;

const OPTIONS = {
  dir: { type: 'string' },
  config: { type: 'string' },
  'host-dist': { type: 'string' },
  by: { type: 'string' },
  from: { type: 'string' },
  revision: { type: 'string' },
  canary: { type: 'string' },
  smoke: { type: 'string' },
  routes: { type: 'string' },
  keep: { type: 'string' },
  'dry-run': { type: 'boolean' },
  wait: { type: 'string' },
  stats: { type: 'string' },
  watch: { type: 'boolean' },
  window: { type: 'string' },
  every: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/** Which options each command takes besides the common ones, and its positional arguments. */
const COMMANDS: Record<string, { args: string[]; options: (keyof typeof OPTIONS)[] }> = {
  stage: { args: ['remote'], options: ['from', 'revision', 'dry-run', 'wait'] },
  verify: { args: ['remote', 'release'], options: ['smoke', 'routes'] },
  promote: {
    args: ['remote', 'release'],
    options: ['canary', 'dry-run', 'wait', 'watch', 'window', 'every', 'stats'],
  },
  rollback: { args: ['remote'], options: ['dry-run', 'wait'] },
  status: { args: [], options: ['stats'] },
  prune: { args: ['remote'], options: ['keep', 'dry-run', 'wait'] },
  diff: { args: ['remote', 'release', 'release'], options: [] },
};
const COMMON: (keyof typeof OPTIONS)[] = ['dir', 'config', 'host-dist', 'by', 'json', 'help'];

export interface CliIo {
  repoRoot: string;
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
  now?: () => Date;
  /** The login name of the account the tool runs as (default: os.userInfo()); undefined: none. */
  account?: () => string | undefined;
  /** The machine the tool runs on, for the log (default: os.hostname()). */
  hostname?: string;
  /** Renders a verified build's screens (or runs the sign-in journeys) in Chromium: src/smoke.ts. */
  smoke?: (
    context: ReleaseContext,
    remote: string,
    release: string,
    mode: SmokeMode,
    routes?: readonly string[],
  ) => Promise<SmokeReport>;
}

/** Edit distance, to suggest the option a typo meant. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** parseArgs' message, first sentence only, with the option a typo most likely meant. */
function describeParseError(error: Error): string {
  const message = error.message.split('. ')[0] ?? error.message;
  const unknown = /Unknown option '--([^']+)'/.exec(message)?.[1];
  const meant = unknown ? Object.keys(OPTIONS).find((name) => distance(name, unknown) <= 2) : undefined;
  return `${message}${meant ? ` (did you mean --${meant}?)` : ''}; node scripts/release.mjs --help lists the options`;
}

/** `promote --watch`: where the counts are, the window and how often they are read; or what is wrong. */
function watchSettings(
  values: { stats?: string | undefined; window?: string | undefined; every?: string | undefined },
  env: NodeJS.ProcessEnv,
): { statsUrl: string; windowMs: number; everyMs: number } | string {
  const statsUrl = values.stats ?? env.RELEASE_STATS_URL;
  if (!statsUrl)
    return "--watch reads the browsers' counts: pass --stats URL (a portal server's METRICS_PORT /canary-stats) or set RELEASE_STATS_URL";
  const windowMs = parseDuration(values.window ?? '10m');
  if (windowMs === undefined)
    return `--window takes a duration such as 30s, 10m or 1h, not '${values.window}'`;
  const everyMs = parseDuration(values.every ?? '15s');
  if (everyMs === undefined) return `--every takes a duration such as 5s or 1m, not '${values.every}'`;
  return { statsUrl, windowMs, everyMs };
}

/** Exit codes: 0 done, 1 refused (a check failed, or the status found a problem), 2 bad input. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  const command = argv[0];
  const fail = (code: number, message: string, problems: readonly string[] = [], smoke?: SmokeReport) => {
    if (json)
      io.out(
        JSON.stringify({
          ok: false,
          command: command ?? null,
          error: message,
          problems,
          ...(smoke ? { smoke } : {}),
        }),
      );
    else
      io.err(
        [
          `release: ${message}`,
          ...problems.map((problem) => `  - ${problem}`),
          ...(smoke ? [formatSmoke(smoke)] : []),
        ].join('\n'),
      );
    return code;
  };
  if (command === undefined || command === '--help' || command === 'help') {
    io.out(USAGE);
    return command === undefined ? 2 : 0;
  }
  const spec = COMMANDS[command];
  if (!spec)
    return fail(
      2,
      `Unknown command '${command}' (stage, verify, promote, rollback, status, prune, diff; --help for more)`,
    );

  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    // A bare --smoke means --smoke=screens (a string option would otherwise take the next word).
    const args = argv.slice(1).map((arg) => (arg === '--smoke' ? '--smoke=screens' : arg));
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return fail(2, describeParseError(error as Error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const allowed = new Set([...COMMON, ...spec.options]);
  const misplaced = Object.keys(values).find((name) => !allowed.has(name as keyof typeof OPTIONS));
  if (misplaced) return fail(2, `${command} takes no --${misplaced}`);
  if (positionals.length !== spec.args.length) {
    return fail(
      2,
      `${command} takes ${spec.args.length === 0 ? 'no arguments' : spec.args.map((arg) => `<${arg}>`).join(' ')}` +
        (positionals.length > spec.args.length
          ? `, not '${positionals.slice(spec.args.length).join(' ')}'`
          : ''),
    );
  }

  if (values.wait !== undefined && !/^\d+(\.\d+)?$/.test(values.wait))
    return fail(2, `--wait takes a number of seconds, not '${values.wait}'`);
  if (values.by !== undefined && values.by.trim() === '')
    return fail(2, '--by takes the name of who releases');
  const dryRun = Boolean(values['dry-run']);

  const root = path.resolve(values.dir ?? io.env.RELEASES_DIR ?? path.join(io.repoRoot, '.releases'));
  const configFile = values.config ?? (values.dir ? undefined : io.env.REMOTES_CONFIG);
  const dir = new ReleaseDir(root, configFile ? path.resolve(configFile) : undefined);
  const hostDist = values['host-dist'] ?? io.env.HOST_DIST;
  const context: ReleaseContext = {
    dir,
    // A remote is checked against the host the portal serves: HOST_DIST when set, else the host
    // release host.json names (read when the check runs, under the lock), else host/dist (what the
    // portal server serves without a host.json).
    hostDist: hostDist === undefined ? undefined : path.resolve(hostDist),
    fallbackHostDist: path.join(io.repoRoot, 'host', 'dist'),
    now: io.now ?? (() => new Date()),
    ...(values.wait === undefined ? {} : { lockWaitMs: Number(values.wait) * 1000 }),
    notify: (message) => io.err(`release: ${message}`),
  };
  /** promote and rollback name who switched: refused (exit 2) when nobody can be named. */
  const switching = (): SwitchContext | undefined => {
    const by = releaserName(values.by, io.env, io.account ?? accountName);
    return by === undefined
      ? undefined
      : { ...context, by, ...(io.hostname ? { hostname: io.hostname } : {}) };
  };
  const NOBODY =
    'Nobody to name in the release log: pass --by NAME (or set RELEASE_BY); $USER is not set and the account has no login name';
  const [first = '', second = '', third = ''] = positionals;

  try {
    let result: unknown;
    let text: string;
    let code = 0;
    switch (command) {
      case 'stage': {
        const pkg = first === HOST ? 'host' : (findRemote(first)?.pkg ?? first);
        const from = path.resolve(values.from ?? defaultBuildDir(io.repoRoot, pkg));
        let revision: string | null;
        try {
          revision = sourceRevision(from, values.revision, io.env);
        } catch (error) {
          if (error instanceof ReleaseError) return fail(2, error.message);
          throw error;
        }
        const options = { revision, dryRun };
        const staged =
          first === HOST
            ? stageHost(context.dir, from, { ...options, lock: lockSettings(context) })
            : stage(context, first, from, options);
        [result, text] = [staged, formatStaged(staged)];
        break;
      }
      case 'verify': {
        const mode = SMOKE_MODES.find((known) => known === values.smoke);
        if (values.smoke !== undefined && mode === undefined)
          return fail(2, `--smoke takes journey or all, or nothing (the screens), not '${values.smoke}'`);
        if (first === HOST && mode) return fail(2, '--smoke renders the screens of a remote, not the host');
        const routes =
          values.routes === undefined ? undefined : values.routes.split(',').map((r) => r.trim());
        if (routes && (mode === undefined || mode === 'journey'))
          return fail(2, '--routes chooses the screens --smoke renders (--smoke or --smoke=all)');
        if (routes?.some((route) => !route.startsWith('/')))
          return fail(
            2,
            `--routes takes addresses separated by commas, each starting with /: '${values.routes}'`,
          );
        const report = first === HOST ? verifyHost(context, second) : verify(context, first, second);
        if (report.problems.length > 0)
          return fail(1, `${report.remote} ${second} is refused`, report.problems);
        let smoke: SmokeReport | undefined;
        if (mode) {
          if (!io.smoke) return fail(2, '--smoke is not available here');
          smoke = await io.smoke(context, first, second, mode, routes);
          if (smoke.problems.length > 0)
            return fail(1, `${report.remote} ${second} fails the smoke test`, smoke.problems, smoke);
        }
        [result, text] = [{ ...report, smoke: smoke ?? false }, formatVerified(report, smoke)];
        break;
      }
      case 'promote': {
        const canary = values.canary === undefined ? undefined : Number(values.canary);
        if (values.canary !== undefined && !/^\d+$/.test(values.canary)) {
          return fail(2, `--canary takes a whole percentage from 1 to 99, not '${values.canary}'`);
        }
        const options = { dryRun, ...(canary === undefined ? {} : { canary }) };
        const watching = values.watch ? watchSettings(values, io.env) : undefined;
        if (typeof watching === 'string') return fail(2, watching);
        if (!values.watch && (values.window ?? values.every ?? values.stats) !== undefined)
          return fail(2, '--window, --every and --stats go with --watch');
        if (watching && (canary === undefined || first === HOST || dryRun))
          return fail(2, '--watch watches a remote promoted with --canary N (not --dry-run)');
        const switcher = switching();
        if (!switcher) return fail(2, NOBODY);
        if (watching) {
          const promoted = promote(switcher, first, second, options);
          if (!json) io.err(formatPromoted(promoted));
          const watch = await watchCanary(switcher, promoted, watching);
          [result, text] = [{ ...promoted, watch }, formatWatched(promoted, watch)];
          code = watch.rolledBack ? 1 : watch.verdict === 'healthy' ? 0 : 3;
          break;
        }
        const promoted =
          first === HOST ? promoteHost(switcher, second, options) : promote(switcher, first, second, options);
        [result, text] = [promoted, formatPromoted(promoted)];
        break;
      }
      case 'rollback': {
        const switcher = switching();
        if (!switcher) return fail(2, NOBODY);
        const rolledBack =
          first === HOST ? rollbackHost(switcher, { dryRun }) : rollback(switcher, first, { dryRun });
        [result, text] = [rolledBack, formatRolledBack(rolledBack)];
        break;
      }
      case 'diff': {
        const diff = diffReleases(context.dir, first, second, third);
        [result, text] = [diff, formatDiff(diff)];
        break;
      }
      case 'prune': {
        if (values.keep !== undefined && !/^\d+$/.test(values.keep)) {
          return fail(2, `--keep takes a whole number of builds from 1 up, not '${values.keep}'`);
        }
        const pruned = prune(context, first, {
          ...(values.keep === undefined ? {} : { keep: Number(values.keep) }),
          dryRun,
        });
        [result, text] = [pruned, formatPruned(pruned)];
        break;
      }
      default: {
        let report = status(context);
        const statsUrl = values.stats ?? io.env.RELEASE_STATS_URL;
        if (statsUrl) report = withHealth(report, await readCanaryStats(statsUrl), statsUrl);
        [result, text] = [report, formatStatus(report)];
        code = report.ok ? 0 : 1;
      }
    }
    if (json) io.out(JSON.stringify({ ok: code === 0, command, result }));
    else io.out(text);
    return code;
  } catch (error) {
    if (error instanceof ReleaseError) return fail(1, error.message, error.problems);
    throw error;
  }
}
