import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from './cli.js';

/** `node scripts/release.mjs …`: the release tool's command line (README, "Releasing a remote"). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

process.exitCode = await runCli(process.argv.slice(2), {
  repoRoot,
  env: process.env,
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  smoke: async (context, remote, release, mode, routes) => {
    const { smokeTest } = await import('./smoke.js');
    return smokeTest(context, remote, release, mode, repoRoot, routes);
  },
});
