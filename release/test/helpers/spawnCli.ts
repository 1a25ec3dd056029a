import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

/** The repository's root: `node scripts/release.mjs` runs from there. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Builds release/dist when it is older than the sources, as `node scripts/release.mjs` does on its
 * first run: once, before many processes start at the same moment.
 */
export function buildCli(): void {
  const run = spawnSync(process.execPath, ['scripts/release.mjs', '--help'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the release tool does not build:\n${run.stdout}${run.stderr}`);
}

/** What a release tool process did. */
export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment a release tool process gets: this one's, without what would steer it elsewhere. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(RELEASE_|SOURCE_REVISION$|HOST_DIST$|REMOTES_CONFIG$|RELEASES_DIR$)/.test(name)) delete env[name];
  }
  return { ...env, USER: 'rita.release', ...extra };
}

/** A release tool process (`node scripts/release.mjs …`), its output collected. */
export interface Running {
  child: ChildProcess;
  finished: Promise<Finished>;
  /** Resolves once its standard error contains `text`. */
  saysOnStderr: (text: string) => Promise<void>;
}

/** Starts `node scripts/release.mjs <args>` as a separate process (call buildCli first). */
export function spawnCli(args: readonly string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, ['scripts/release.mjs', ...args], {
    cwd: REPO_ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiting: { text: string; resolve: () => void }[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const wait of waiting.filter((item) => stderr.includes(item.text))) wait.resolve();
  });
  const finished = new Promise<Finished>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  const saysOnStderr = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (stderr.includes(text)) resolve();
      else waiting.push({ text, resolve });
      void finished.then(() =>
        stderr.includes(text)
          ? resolve()
          : reject(new Error(`it ended without saying '${text}':\n${stderr}`)),
      );
    });
  return { child, finished, saysOnStderr };
}
