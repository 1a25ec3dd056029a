import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli.js';

/** A host build as the release tool reads it: the shared versions it provides. */
export function writeHostDist(dir: string, provided: Record<string, string> = {}): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'first-load.json'), JSON.stringify({ host: { js: [], css: [] } }));
  const versions = {
    react: '19.3.1',
    'react-dom': '19.3.1',
    jotai: '2.20.3',
    '@portal/shared/router': '1.2.0',
    ...provided,
  };
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: 'host',
      name: 'host',
      metaData: { remoteEntry: { name: '', path: '' } },
      shared: Object.entries(versions).map(([name, version]) => ({ name, version, singleton: true })),
      remotes: [],
      exposes: [],
    }),
  );
}

export interface BuildOptions {
  name?: string;
  label?: string;
  exposes?: string[];
  shared?: Record<string, string>;
  /** Replaces the manifest's text (a manifest that does not parse). */
  manifestText?: string;
  integrity?: Record<string, string>;
  /** The contributions its build wrote (default: remote_factors' routes /sotp, /eotp, /push); null: none. */
  contributions?: unknown;
}

/** Contributions as a remote's build writes them into its manifest (docs/contracts.md). */
export function contributionsWith(routes: unknown[], more: Record<string, unknown> = {}) {
  return { version: 1, routes, nextActions: [], factors: [], links: [], calls: [], ...more };
}

export const FACTORS_CONTRIBUTIONS = contributionsWith(
  [
    { path: '/sotp', guard: 'C', expose: './Otp', title: 'SMS code' },
    { path: '/eotp', guard: 'C', expose: './Otp', title: 'Email code' },
    { path: '/push', guard: 'C', expose: './Push', title: 'Push' },
  ],
  { nextActions: [{ action: 'SMS_OTP_AUTH', path: '/sotp' }] },
);

/** A remote's build folder: mf-manifest.json, remoteEntry.js and one script per expose. */
export function writeBuild(dir: string, options: BuildOptions = {}): string {
  const label = options.label ?? 'a';
  const exposes = options.exposes ?? ['./Otp', './Push'];
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* entry ${label} */`);
  writeFileSync(path.join(dir, 'shared.js'), `/* shared ${label} */`);
  for (const expose of exposes) {
    writeFileSync(path.join(dir, `${expose.slice(2)}.js`), `/* ${expose} ${label} */`);
    writeFileSync(path.join(dir, `${expose.slice(2)}.js.br`), `(brotli of ${expose} ${label})`);
    writeFileSync(path.join(dir, `${expose.slice(2)}.css`), `/* ${expose} css ${label} */`);
  }
  const shared = options.shared ?? { react: '^19.3.1', '@portal/shared/router': '^1.2.0' };
  const manifest = {
    id: options.name ?? 'remote_factors',
    name: options.name ?? 'remote_factors',
    metaData: {
      buildInfo: { buildVersion: '1.0.0', buildName: '@portal/remote-factors' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: Object.entries(shared).map(([name, requiredVersion]) => ({
      name,
      requiredVersion,
      singleton: true,
      assets: { js: { sync: ['shared.js'], async: [] }, css: { sync: [], async: [] } },
    })),
    remotes: [],
    exposes: exposes.map((expose) => ({
      name: expose.slice(2),
      path: expose,
      assets: {
        js: { sync: [`${expose.slice(2)}.js`], async: [] },
        css: { sync: [`${expose.slice(2)}.css`], async: [] },
      },
    })),
    ...(options.integrity ? { integrity: options.integrity } : {}),
    ...(options.contributions === null
      ? {}
      : { contributions: options.contributions ?? FACTORS_CONTRIBUTIONS }),
  };
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    options.manifestText ?? JSON.stringify(manifest, null, 2),
  );
  return dir;
}

/** The machine name the in-process CLI runs report for the log. */
export const RELEASE_HOST = 'release-host';

/** What an in-process CLI run printed and returned. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
  json: () => unknown;
}

export interface RunOptions {
  /** The environment the CLI sees (default: USER=rita.release only). */
  env?: Record<string, string>;
  /** The account's login name (default: none). */
  account?: () => string | undefined;
}

/** The host build a test's host release is made of (index.html, main.<hash>.js, first-load.json…). */
export const hostMainOf = (label: string) =>
  `main.${createHash('sha256').update(label).digest('hex').slice(0, 10)}.js`;

/**
 * A host build as the host's rspack build writes it: index.html loading main.<hash>.js, first-load.json
 * naming the start-up and deferred chunks, mf-manifest.json naming the shared modules' chunk and
 * the versions the host provides, a lazy chunk nothing names, .br copies, and what is not a part
 * of the build (a source map, mf-stats.json).
 */
export function writeHostBuild(dir: string, label: string, shared = '1.2.0'): string {
  mkdirSync(dir, { recursive: true });
  const main = hostMainOf(label);
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><title>Hub</title><link href="/favicon.svg" rel="icon"><script defer src="/${main}"></script></head><body></body></html>`,
    [main]: `/* host ${label} */`,
    [`${main}.br`]: `(brotli of host ${label})`,
    [`${main}.map`]: '{}',
    'favicon.svg': '<svg/>',
    'start.0123456789.js': `/* start-up ${label} */`,
    'later.0123456789.js': `/* deferred ${label} */`,
    'shared.0123456789.js': `/* shared ${label} */`,
    'lazy.abcdef0123.js': `/* lazy ${label} */`,
    'mf-stats.json': '{}',
    'first-load.json': JSON.stringify({
      host: { js: ['/start.0123456789.js'], css: [] },
      deferred: { js: ['/later.0123456789.js'], css: [] },
      routes: [{ path: '/sotp', guard: 'C', remote: 'remote_factors', expose: './Otp' }],
      homePath: '/',
    }),
    'mf-manifest.json': JSON.stringify({
      id: 'host',
      name: 'host',
      metaData: { buildInfo: { buildVersion: '1.0.0' }, remoteEntry: { name: '', path: '' } },
      shared: [
        { name: 'react', version: '19.3.1', assets: { js: { sync: ['shared.0123456789.js'], async: [] } } },
        { name: '@portal/shared/router', version: shared },
      ],
      remotes: [],
      exposes: [],
    }),
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

/** A temporary workspace: a release directory, a host build and room for remote builds. */
export class Workspace {
  readonly root = mkdtempSync(path.join(tmpdir(), 'release-tool-'));
  readonly releases = path.join(this.root, 'releases');
  readonly hostDist = path.join(this.root, 'host-dist');
  readonly remotesFile = path.join(this.releases, 'remotes.json');
  readonly logFile = path.join(this.releases, 'release-log.jsonl');

  constructor() {
    mkdirSync(this.releases);
    writeHostDist(this.hostDist);
  }

  build(label: string, options: BuildOptions = {}): string {
    return writeBuild(path.join(this.root, 'builds', label), { label, ...options });
  }

  /** Runs the CLI as `node scripts/release.mjs …` would, against this workspace ($USER rita.release). */
  async run(...argv: string[]): Promise<CliRun> {
    return this.runWith({}, ...argv);
  }

  /** run, with another environment or account (default: no account name). */
  async runWith(options: RunOptions, ...argv: string[]): Promise<CliRun> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli([...argv, '--dir', this.releases, '--host-dist', this.hostDist], {
      repoRoot: this.root,
      env: options.env ?? { USER: 'rita.release' },
      account: options.account ?? (() => undefined),
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      now: () => new Date('2026-11-23T10:00:00.000Z'),
      hostname: RELEASE_HOST,
    });
    return { code, out: out.join('\n'), err: err.join('\n'), json: () => JSON.parse(out.join('\n')) };
  }

  /** Stages a build of remote_factors and returns its release name. */
  async stage(label: string, options: BuildOptions = {}): Promise<string> {
    return this.stageRemote('remote_factors', label, options);
  }

  /** Stages a build of a remote (its manifest named after it) and returns its release name. */
  async stageRemote(remote: string, label: string, options: BuildOptions = {}): Promise<string> {
    const from = this.build(label, { name: remote, ...options });
    const result = await this.run('stage', remote, '--from', from, '--json');
    if (result.code !== 0) throw new Error(`staging ${label} failed: ${result.out}${result.err}`);
    return (result.json() as { result: { release: string } }).result.release;
  }

  /** Stages a host build (writeHostBuild) and returns its release name. */
  async stageHost(label: string, shared?: string): Promise<string> {
    const from = writeHostBuild(path.join(this.root, 'host-builds', label), label, shared);
    const result = await this.run('stage', 'host', '--from', from, '--json');
    if (result.code !== 0) throw new Error(`staging host ${label} failed: ${result.out}${result.err}`);
    return (result.json() as { result: { release: string } }).result.release;
  }

  /** Every file under the release directory with its bytes: what a command that changes nothing leaves alone. */
  snapshot(): Map<string, string> {
    return new Map(
      readdirSync(this.releases, { recursive: true, withFileTypes: true })
        .filter((entry) => !entry.isDirectory())
        .map((entry) => {
          const file = path.join(entry.parentPath, entry.name);
          return [path.relative(this.releases, file), readFileSync(file).toString('base64')];
        }),
    );
  }

  folder(release: string, pkg = 'remote-factors'): string {
    return path.join(this.releases, pkg, release);
  }

  read(file: string): string {
    return readFileSync(file, 'utf8');
  }

  /** Every line of the release log, parsed (switches and their outcomes). */
  rawLogLines(): Record<string, unknown>[] {
    try {
      return this.read(this.logFile)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    } catch {
      return [];
    }
  }

  /** The switches the release log records (not their outcome lines). */
  logLines(): Record<string, unknown>[] {
    return this.rawLogLines().filter((line) => 'action' in line);
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
