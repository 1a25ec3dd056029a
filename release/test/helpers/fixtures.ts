import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  /** Runs the CLI as `node scripts/release.mjs …` would, against this workspace. */
  async run(...argv: string[]): Promise<{ code: number; out: string; err: string; json: () => unknown }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli([...argv, '--dir', this.releases, '--host-dist', this.hostDist], {
      repoRoot: this.root,
      env: { USER: 'rita.release' },
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      now: () => new Date('2026-11-23T10:00:00.000Z'),
    });
    return { code, out: out.join('\n'), err: err.join('\n'), json: () => JSON.parse(out.join('\n')) };
  }

  /** Stages a build and returns its release name. */
  async stage(label: string, options: BuildOptions = {}): Promise<string> {
    const result = await this.run('stage', 'remote_factors', '--from', this.build(label, options), '--json');
    if (result.code !== 0) throw new Error(`staging ${label} failed: ${result.out}${result.err}`);
    return (result.json() as { result: { release: string } }).result.release;
  }

  folder(release: string, pkg = 'remote-factors'): string {
    return path.join(this.releases, pkg, release);
  }

  read(file: string): string {
    return readFileSync(file, 'utf8');
  }

  logLines(): Record<string, unknown>[] {
    try {
      return this.read(this.logFile)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    } catch {
      return [];
    }
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
