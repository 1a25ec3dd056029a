// The Chromium every browser run uses (e2e, benchmarks, the emulator's WebAuthn test): Debian's
// /usr/bin/chromium unless CHROMIUM_PATH names another; elsewhere Playwright's own when neither exists.
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Without the background-networking flags Chromium floods a closed network with refused connections. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumLaunchOptions() {
  const executablePath =
    process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);
  return { executablePath, args: [...CHROMIUM_ARGS] };
}
