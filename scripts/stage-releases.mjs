// Copies each remote's fresh build into its immutable release folder,
// .releases/<package>/<version>-<content hash>/, and points .releases/remotes.json at it
// (unless --no-config), each entry with the sha384 of the manifest's bytes, which the portal server
// and the host check before running anything of the remote. Release engineers do the same by hand:
// add a folder, edit remotes.json.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const releasesDir = process.env.RELEASES_DIR ?? path.join(root, '.releases');
export const remotes = {
  remote_login: 'remote-login',
  remote_factors: 'remote-factors',
  remote_selfservice: 'remote-selfservice',
  remote_help: 'remote-help',
};

function hashDir(dir) {
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) hash.update(hashDir(file));
    else hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 10);
}

/** The `integrity` of a file: sha384 of its bytes, as `sha384-<base64>`. */
export function fileIntegrity(file) {
  return `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
}

/** Stages one build folder of a remote package; returns its remotes.json entry ({ manifest, integrity }). */
export function stage(pkg, distDir) {
  if (!existsSync(path.join(distDir, 'mf-manifest.json'))) {
    throw new Error(`${distDir} has no mf-manifest.json: build ${pkg} first`);
  }
  const { version } = JSON.parse(readFileSync(path.join(root, pkg, 'package.json'), 'utf8'));
  const release = `${version}-${hashDir(distDir)}`;
  const target = path.join(releasesDir, pkg, release);
  if (!existsSync(target)) {
    mkdirSync(target, { recursive: true });
    cpSync(distDir, target, { recursive: true });
  }
  return {
    manifest: `/remotes/${pkg}/${release}/mf-manifest.json`,
    integrity: fileIntegrity(path.join(target, 'mf-manifest.json')),
  };
}

if (process.argv[1] === import.meta.filename) {
  const config = {};
  for (const [name, pkg] of Object.entries(remotes)) {
    config[name] = stage(pkg, path.join(root, pkg, 'dist'));
  }
  if (!process.argv.includes('--no-config')) {
    mkdirSync(releasesDir, { recursive: true });
    writeFileSync(path.join(releasesDir, 'remotes.json'), `${JSON.stringify(config, null, 2)}\n`);
  }
  console.log(JSON.stringify(config, null, 2));
}
