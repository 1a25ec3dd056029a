import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * A remote's dev server is loaded by a production portal (DEV_REMOTES, README "Developing one
 * remote against the others"): its JSX must use the runtime the host shares, and its live-reload
 * socket must accept the portal's page.
 */

const root = path.resolve(import.meta.dirname, '../..');

async function devRemoteConfig() {
  vi.stubEnv('NODE_ENV', 'development');
  vi.resetModules();
  const { remoteConfig } = await import('../src/appConfig.ts');
  return remoteConfig({
    dir: path.join(root, 'remote-factors'),
    devPort: 3002,
    name: 'remote_factors',
    exposes: { './Otp': './src/otp/OtpScreen.tsx' },
    contributions: { version: 1, routes: [] },
  });
}

/** The options of the swc rule that compiles the app's TypeScript. */
function swcReact(config: Awaited<ReturnType<typeof devRemoteConfig>>): unknown {
  const rules = config.module?.rules ?? [];
  for (const rule of rules) {
    if (rule && typeof rule === 'object' && rule.loader === 'builtin:swc-loader') {
      const options = rule.options as { jsc?: { transform?: { react?: unknown } } } | undefined;
      return options?.jsc?.transform?.react;
    }
  }
  return undefined;
}

describe('a remote built for its dev server', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("compiles JSX for react/jsx-runtime, the host's shared runtime, never jsx-dev-runtime", async () => {
    const config = await devRemoteConfig();
    expect(config.mode).toBe('development');
    expect(swcReact(config)).toEqual({ runtime: 'automatic', development: false });
  });

  it("lets the portal's page (localhost) open its live-reload socket", async () => {
    const config = await devRemoteConfig();
    if (!config.devServer) throw new Error('a remote has a dev server');
    expect(config.devServer.allowedHosts).toEqual(['localhost', '127.0.0.1']);
  });
});
