// The release tool's compiled modules (release/dist), built first when they are not there yet.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** The path of release/dist/<module>.js, building the tool once when it is missing. */
export function releaseModule(name) {
  const file = path.join(root, 'release', 'dist', `${name}.js`);
  if (!existsSync(file)) {
    const build = spawnSync(process.execPath, ['scripts/pnpm.mjs', '--filter', '@portal/release', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0 || !existsSync(file)) {
      console.error('release: building the release tool failed (run node scripts/pnpm.mjs install first?)');
      process.exit(1);
    }
  }
  return pathToFileURL(file).href;
}
