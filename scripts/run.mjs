// Small helpers for the root commands: run a step, fail loudly, report how long it took.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function step(title, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

export const pnpm = (title, args, options) =>
  step(title, process.execPath, ['scripts/pnpm.mjs', ...args], options);

export function install() {
  pnpm('Install dependencies', ['install', '--frozen-lockfile', '--reporter=append-only']);
  // The contributions contract runs compiled in the portal server and the release tool, and the
  // remotes' builds and every package's tests import it: build it before anything else.
  pnpm('Build the contributions contract', ['--filter', '@portal/contributions', 'build']);
}

export function buildAll() {
  pnpm('Build host, remotes, portal server and emulator', ['-r', '--workspace-concurrency=2', 'build']);
  step('Stage remote releases', process.execPath, ['scripts/stage-releases.mjs']);
}
