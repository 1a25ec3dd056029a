// `npm start`: install, build everything, then run the SSO emulator and the portal in front of it.
import { buildAll, install } from './run.mjs';
import { startStack } from './stack.mjs';

install();
buildAll();

const stack = await startStack({
  portalPort: Number(process.env.PORT ?? 8080),
  emulatorPort: Number(process.env.EMULATOR_PORT ?? 8090),
  echo: Boolean(process.env.PORTAL_VERBOSE),
  // Pointed at a real SSO, set SSO_BASE_URL (and the client id and secret) and run portal-server alone.
});

console.log(`\nPortal:                   ${stack.portalUrl}/`);
console.log(`SSO emulator (dev page):  ${stack.devPage}`);
console.log('Fixture users are listed in sso-emulator/README.md. Stop with Ctrl+C.');

const stop = async () => {
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
