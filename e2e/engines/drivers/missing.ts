import type { EngineName } from './driver';

/** The one line a run without an engine fails with: what to install, or how to leave it out. */
export function missingEngine(engine: EngineName, path: string): Error {
  return new Error(
    `${engine} is not installed (${path} is missing): apt-get install -y firefox-esr webkit2gtk-driver xvfb, or leave it out with E2E_ENGINES (e.g. E2E_ENGINES=chromium)`,
  );
}
