// The release tool's compiled modules (release/dist), built first when they are missing or older
// than their sources (a pulled change to release/src must never run as the old code).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const srcDir = path.join(root, 'release', 'src');
const distDir = path.join(root, 'release', 'dist');

function isStale() {
  if (!existsSync(path.join(distDir, 'main.js'))) return true;
  // Recursive: src/host/ holds the host's release path.
  return readdirSync(srcDir, { recursive: true })
    .filter((name) => name.endsWith('.ts'))
    .some((name) => {
      const built = path.join(distDir, name.replace(/\.ts$/, '.js'));
      return !existsSync(built) || statSync(path.join(srcDir, name)).mtimeMs > statSync(built).mtimeMs;
    });
}

let checked = false;

/** The URL of release/dist/<module>.js, (re)building the tool once when needed. */
export function releaseModule(name) {
  if (!checked && isStale()) {
    const build = spawnSync(process.execPath, ['scripts/pnpm.mjs', '--filter', '@portal/release', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) {
      console.error('release: building the release tool failed (run node scripts/pnpm.mjs install first?)');
      process.exit(1);
    }
  }
  checked = true;
  return pathToFileURL(path.join(distDir, `${name}.js`)).href;
}
