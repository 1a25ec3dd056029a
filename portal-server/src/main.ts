import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './config.js';
import { DrainState, shutDownOnSignals } from './lifecycle/gracefulShutdown.js';
import { buildServer } from './server.js';

/** One JSON line on stderr, the same shape as the server's log lines, then exit 1. */
function failStart(message: string): never {
  process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg: message })}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  failStart(error instanceof ConfigError ? error.message : `Start-up failed: ${String(error)}`);
}

const drain = new DrainState();
let app: Awaited<ReturnType<typeof buildServer>>;
try {
  app = await buildServer(config, { drain });
} catch (error) {
  // e.g. a malformed content file (static/emeaCookiesContent.ts): its message names the file.
  failStart(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
}
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'cannot listen');
  process.exit(1);
}

const { port } = app.server.address() as AddressInfo;
app.log.info(
  {
    ssoBaseUrl: config.ssoBaseUrl,
    serviceUrl: config.serviceUrl,
    riskType: config.riskType,
    hostDist: config.hostDist,
    releasesDir: config.releasesDir,
    remotesConfig: config.remotesConfigFile,
    theme: config.theme?.file,
  },
  'portal server configured',
);
// Before the line below: whoever waits for it may signal at once.
shutDownOnSignals(app, drain, { drainMs: config.shutdownDrainMs, timeoutMs: config.shutdownTimeoutMs });
// The line scripts and end-to-end tests wait for; keep its shape exact.
process.stdout.write(`${JSON.stringify({ msg: 'listening', url: `http://localhost:${port}/` })}\n`);
