#!/usr/bin/env node
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './config.js';
import { createEmulator } from './server.js';

/** CLI: reads EMULATOR_* variables, listens, prints one JSON "listening" line on stdout. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await createEmulator(config, { logger: true });
  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as AddressInfo;
  // With EMULATOR_PORT=0 the public URL follows the port actually bound, unless set explicitly.
  const publicUrl = process.env.EMULATOR_PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;
  config.publicUrl = publicUrl;
  process.stdout.write(
    `${JSON.stringify({
      msg: 'listening',
      url: publicUrl,
      tenantUrl: `${publicUrl}/${config.tenant}/`,
      devPage: `${publicUrl}/_emulator/`,
    })}\n`,
  );
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : `Emulator failed to start: ${String(error)}`;
  process.stderr.write(`${JSON.stringify({ msg: 'error', error: message })}\n`);
  process.exit(1);
});
