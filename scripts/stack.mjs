// Starting our servers: the SSO emulator and the portal server in front of it.
// Used by `npm start`, the end-to-end tests and the benchmarks.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** A free port on 127.0.0.1 (the servers need each other's addresses before they start). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Spawns one of our Node servers and waits for its JSON 'listening' line. */
export function startServer(script, env, { timeoutMs = 20_000, echo = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve(repoRoot, script)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logs = [];
    const stop = () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${timeoutMs} ms:\n${logs.join('\n')}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${logs.join('\n')}`));
    });
    child.stderr.on('data', (chunk) => {
      logs.push(chunk.toString());
      if (echo) process.stderr.write(chunk);
    });
    createInterface({ input: child.stdout }).on('line', (text) => {
      logs.push(text);
      if (echo) console.log(text);
      try {
        const line = JSON.parse(text);
        if (line?.msg === 'listening' && typeof line.url === 'string') {
          clearTimeout(timer);
          resolve({ url: line.url, line, logs, child, stop });
        }
      } catch {
        // a plain text log line
      }
    });
  });
}

/**
 * The emulator and the portal on the given (or free) ports. The browser side uses `localhost`:
 * WebAuthn refuses IP addresses as relying-party IDs. Both run in development mode whatever the
 * shell's NODE_ENV says: in production mode the portal insists on an https SSO and a real secret,
 * and the emulator refuses to run at all.
 *
 * `instances` > 1 starts that many portal servers with the same settings (one sealing key and one
 * audit key for all, as a deployment's instances have), on free ports after the first;
 * `publicOrigin` is the origin browsers use when something (a load balancer) stands in front.
 */
export async function startStack({
  portalPort,
  emulatorPort,
  portalEnv = {},
  emulatorEnv = {},
  echo = false,
  instances = 1,
  publicOrigin,
} = {}) {
  const [pPort, ePort] = [portalPort ?? (await freePort()), emulatorPort ?? (await freePort())];
  const portalOrigin = publicOrigin ?? `http://localhost:${pPort}`;
  const portalOrigins = [
    ...new Set([portalOrigin, `http://localhost:${pPort}`, `http://127.0.0.1:${pPort}`]),
  ];
  const emulator = await startServer(
    'sso-emulator/dist/main.js',
    {
      NODE_ENV: 'development',
      EMULATOR_PORT: String(ePort),
      EMULATOR_PORTAL_ORIGINS: portalOrigins.join(','),
      EMULATOR_RP_ID: 'localhost',
      ...emulatorEnv,
    },
    { echo },
  );
  const tenantUrl = emulator.line.tenantUrl ?? `${emulator.url.replace(/\/$/, '')}/default/`;
  const sharedKeys =
    instances > 1
      ? {
          TOKEN_SEALING_KEYS: randomBytes(32).toString('base64'),
          AUDIT_PSEUDONYM_KEY: randomBytes(32).toString('base64'),
        }
      : {};
  const portals = [];
  const portalEnvOf = [];
  try {
    for (let index = 0; index < instances; index += 1) {
      const port = index === 0 ? pPort : await freePort();
      portalEnvOf.push({
        NODE_ENV: 'development',
        PORT: String(port),
        PUBLIC_ORIGIN: portalOrigin,
        SSO_BASE_URL: tenantUrl,
        // The suites sign the same fixture users in back to back, far faster than a person: the
        // per-user sign-in limit of the proxy (30 a minute) is raised here, and tested on its own
        // (portal-server/test/antiAutomation.test.ts).
        PROXY_USER_RATE_LIMIT: '100000',
        // Stopping a stack needs no drain (no load balancer is waiting); a test that restarts an
        // instance behind one sets its own.
        SHUTDOWN_DRAIN_MS: '0',
        // The suites run on loaded machines, where a process may be stalled for a second: they test
        // pages, not load shedding (portal-server/test/overload.test.ts does that).
        OVERLOAD_MAX_LAG_MS: '10000',
        ...sharedKeys,
        ...portalEnv,
      });
      portals.push(await startServer('portal-server/dist/main.js', portalEnvOf[index], { echo }));
    }
  } catch (error) {
    await Promise.all([...portals.map((portal) => portal.stop()), emulator.stop()]);
    throw error;
  }
  return {
    portalUrl: portalOrigin,
    emulatorUrl: emulator.url.replace(/\/$/, ''),
    tenantUrl,
    devPage: emulator.line.devPage ?? `${emulator.url.replace(/\/$/, '')}/_emulator/`,
    portalLogs: portals[0].logs,
    instances: portals.map((portal, index) => {
      const instance = {
        port: Number(new URL(portal.url).port),
        logs: portal.logs,
        /** SIGTERM (the server drains, closes, exits), then the same server again on the same port. */
        restart: async () => {
          const child = portals[index].child;
          const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
          await portals[index].stop();
          const exitCode = await exited;
          portals[index] = await startServer('portal-server/dist/main.js', portalEnvOf[index], { echo });
          instance.logs = portals[index].logs;
          return { exitCode };
        },
      };
      return instance;
    }),
    stop: () =>
      Promise.all([...portals.map((portal) => portal.stop()), emulator.stop()]).then(() => undefined),
  };
}
