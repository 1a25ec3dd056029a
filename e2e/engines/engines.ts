import { launchChromium } from './drivers/chromium';
import { ENGINES, type EngineBrowser, type EngineName } from './drivers/driver';
import { launchFirefox } from './drivers/firefox';
import { launchWebKit } from './drivers/webkit';

/**
 * The engines a run covers: E2E_ENGINES, a comma list (default all three). An engine left out
 * has no tests; an engine named but not installed fails its tests with the package to install.
 */
export function selectedEngines(): EngineName[] {
  const listed = (process.env.E2E_ENGINES ?? ENGINES.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of listed)
    if (!ENGINES.includes(name as EngineName))
      throw new Error(`E2E_ENGINES: unknown engine '${name}' (known: ${ENGINES.join(', ')})`);
  return ENGINES.filter((engine) => listed.includes(engine));
}

const LAUNCHERS: Record<EngineName, () => Promise<EngineBrowser>> = {
  chromium: launchChromium,
  firefox: launchFirefox,
  webkit: launchWebKit,
};

/** One browser per engine per worker, started when a test first needs it, all stopped at the end. */
export function browserPool() {
  const started = new Map<EngineName, Promise<EngineBrowser>>();
  return {
    get(engine: EngineName): Promise<EngineBrowser> {
      let browser = started.get(engine);
      if (!browser) {
        browser = LAUNCHERS[engine]();
        started.set(engine, browser);
      }
      return browser;
    },
    async closeAll(): Promise<void> {
      // A launch that failed started nothing (each launcher stops what it started on failure).
      const launched = await Promise.allSettled(started.values());
      started.clear();
      const results = await Promise.allSettled(
        launched.flatMap((launch) => (launch.status === 'fulfilled' ? [launch.value.close()] : [])),
      );
      const failed = results.find((result) => result.status === 'rejected');
      if (failed && failed.status === 'rejected') throw failed.reason;
    },
  };
}
