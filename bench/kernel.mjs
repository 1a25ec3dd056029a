// The kernel's size and the share keys the host registers at start-up (issue 22: at most about
// 2,500 lines and 12 share keys). Figures, not asserts: read from the sources and the built host.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function files(dir, test) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full, test);
    return test(name) ? [full] : [];
  });
}

/** Lines as `wc -l` counts them (the "about 6,000 lines"). */
const lines = (file) => readFileSync(file, 'utf8').split('\n').length - 1;
/** Lines that are neither blank nor comments. */
const codeLines = (file) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('//')).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const size = (file) => (existsSync(file) ? statSync(file).size : 0);

export function benchKernel() {
  console.log('\n## Kernel (@portal/shared)\n');
  const sources = files(
    path.join(root, 'shared/src'),
    (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name),
  );
  const total = sources.reduce((sum, file) => sum + lines(file), 0);
  const code = sources.reduce((sum, file) => sum + codeLines(file), 0);
  console.log(
    `source: ${total} lines in ${sources.length} files of shared/src, ${code} of them code (no comments, no blank lines)   (aim ≤ 2,500)`,
  );

  const dist = path.join(root, 'host/dist');
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) {
    console.log('host/dist/mf-manifest.json is missing: build the host for the built figures');
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const keys = (manifest.shared ?? []).map((entry) => entry.name);
  const kernelKeys = keys.filter((name) => name.startsWith('@portal/shared'));
  console.log(
    `share keys the host registers: ${kernelKeys.length} of @portal/shared (aim ≤ 12), ${keys.length} in all`,
  );
  // The host's build puts the kernel in its portal-shared chunks (start-up and deferred).
  const chunks = readdirSync(dist).filter((name) => /^portal-shared.*\.js$/.test(name));
  const raw = chunks.reduce((sum, name) => sum + size(path.join(dist, name)), 0);
  const brotli = chunks.reduce((sum, name) => sum + size(path.join(dist, `${name}.br`)), 0);
  console.log(`built JS: ${kb(raw)} (${kb(brotli)} brotli) in ${chunks.join(', ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) benchKernel();
