// Portal server instances for the server bench: the production build (portal-server/dist) serving
// the staged releases (.releases/, as `npm start` leaves them), on loopback, logging warnings only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system, ms) a process has used so far (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
import path from 'node:path';
import { freePort, repoRoot, startServer } from '../../scripts/stack.mjs';

const releasesDir = path.join(repoRoot, '.releases');

/** A hashed script of the live host release with its .br beside it (main.<hash>.js when there is one). */
export function precompressedAsset() {
  const hostJson = path.join(releasesDir, 'host.json');
  if (!existsSync(hostJson)) {
    throw new Error(
      'no .releases/host.json: run `npm start` or `npm test` once first (they stage the builds)',
    );
  }
  const { release } = JSON.parse(readFileSync(hostJson, 'utf8'));
  const names = readdirSync(path.join(releasesDir, 'host', release));
  const scripts = names.filter((name) => /\.[0-9a-f]{8,}\.js$/.test(name) && names.includes(`${name}.br`));
  const asset = scripts.find((name) => name.startsWith('main.')) ?? scripts[0];
  if (!asset) throw new Error(`host release ${release} has no hashed .js with a .br beside it`);
  return `/${asset}`;
}

/**
 * One portal server; `publicOrigin` is the address browsers would use (the load balancer's); `env`
 * adds settings (METRICS=off for the metrics comparison).
 */
export async function startPortal(publicOrigin, env = {}) {
  const port = await freePort();
  const server = await startServer('portal-server/dist/main.js', {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: publicOrigin,
    // Nothing on the first page calls the SSO: any address will do.
    SSO_BASE_URL: 'http://127.0.0.1:9/default/',
    LOG_LEVEL: 'warn',
    // The bench stops its servers at once: no load balancer waits for a drain.
    SHUTDOWN_DRAIN_MS: '0',
    ...env,
  });
  return { url: `http://127.0.0.1:${port}/`, pid: server.child.pid, stop: server.stop };
}
