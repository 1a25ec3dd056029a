import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PortalServerConfig } from '../../src/config.js';
import { readProductConfig } from '../../src/productConfig.js';
import { sealingKey } from '../../src/tokens/custody/sealingKeys.js';

export const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const devPortalConfigFile = path.join(packageDir, 'config', 'portal.json');

export const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
export const HASHED_ASSET = 'main.3f2a9c1d0e.js';
export const REMOTE_FOLDER = 'remote-login/1.0.0-3f2a9c1d';
const REMOTE_MANIFEST = '{"id":"remote_login"}';

/** The `integrity` of some bytes, computed here independently of the server's code. */
export function sha384Of(bytes: string | Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** A remotes.json entry: the manifest URL and the sha384 of the manifest's bytes. */
export function remoteEntry(
  manifest: string,
  bytes: string | Uint8Array = '{}',
): { manifest: string; integrity: string } {
  return { manifest, integrity: sha384Of(bytes) };
}

/** A temp folder with a fake host build and one staged remote release, like `npm start` produces. */
export interface FixtureDirs {
  root: string;
  hostDist: string;
  releasesDir: string;
  remotesConfigFile: string;
  writeRemotesConfig(content: unknown): void;
  cleanup(): void;
}

export function createFixtureDirs(): FixtureDirs {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-server-test-'));
  const hostDist = path.join(root, 'host-dist');
  const releasesDir = path.join(root, 'releases');
  const remoteDir = path.join(releasesDir, REMOTE_FOLDER);
  mkdirSync(hostDist, { recursive: true });
  mkdirSync(remoteDir, { recursive: true });
  writeFileSync(path.join(hostDist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(hostDist, HASHED_ASSET), 'console.log("host");');
  writeFileSync(path.join(hostDist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(path.join(remoteDir, 'mf-manifest.json'), REMOTE_MANIFEST);
  writeFileSync(path.join(remoteDir, 'remoteEntry.js'), 'var remote_login;');
  writeFileSync(path.join(remoteDir, '__federation_expose_UserId.ab12cd34ef.js'), 'export {};');
  const remotesConfigFile = path.join(releasesDir, 'remotes.json');
  const writeRemotesConfig = (content: unknown) =>
    writeFileSync(remotesConfigFile, typeof content === 'string' ? content : JSON.stringify(content));
  writeRemotesConfig({
    remote_login: remoteEntry(`/remotes/${REMOTE_FOLDER}/mf-manifest.json`, REMOTE_MANIFEST),
  });
  return {
    root,
    hostDist,
    releasesDir,
    remotesConfigFile,
    writeRemotesConfig,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export const TEST_SECRET = 'test-secret-do-not-leak-7f3e';
/** The refresh-cookie sealing key of the tests (32 fixed bytes). */
export const TEST_SEALING_KEY = sealingKey(Buffer.alloc(32, 7));

/** The audit trail's pseudonym key of the tests (32 fixed bytes). */
export const TEST_AUDIT_KEY = Buffer.alloc(32, 5);

export function testConfig(
  dirs: FixtureDirs,
  overrides: Partial<PortalServerConfig> = {},
): PortalServerConfig {
  return {
    port: 8080,
    host: '127.0.0.1',
    publicOrigin: 'http://localhost:8080',
    ssoBaseUrl: 'http://localhost:8090/default/',
    serviceUrl: 'http://localhost:8090/default/',
    ssoClientId: 'portal',
    ssoClientSecret: TEST_SECRET,
    riskType: 'RSARISK',
    hostDist: dirs.hostDist,
    releasesDir: dirs.releasesDir,
    remotesConfigFile: dirs.remotesConfigFile,
    product: readProductConfig(devPortalConfigFile),
    extraScriptOrigins: [],
    remoteOrigins: [],
    devRemotes: new Map(),
    idpOrigins: ['http://localhost:8090'],
    embedOrigins: [],
    proxyTimeoutMs: 2000,
    logLevel: 'info',
    production: false,
    limits: {
      headersTimeoutMs: 10000,
      requestTimeoutMs: 30000,
      keepAliveTimeoutMs: 72000,
      connectionTimeoutMs: 120000,
      bodyLimitBytes: 64 * 1024,
    },
    trustProxy: false,
    trustedTypes: 'enforce',
    tokenSealingKeys: [TEST_SEALING_KEY],
    tokenSealingKeyGenerated: false,
    refreshSessionMaxAgeSeconds: 43200,
    tokenRateLimit: 1000,
    cspReportRateLimit: 1000,
    proxyRateLimit: 1000,
    proxyUserRateLimit: 1000,
    rateLimitWindowMs: 60_000,
    auditPseudonymKey: TEST_AUDIT_KEY,
    auditPseudonymKeyGenerated: false,
    auditEventRateLimit: 1000,
    redis: undefined,
    instances: 4,
    readyzRateLimit: 1000,
    beaconRateLimit: 1000,
    metricsPort: undefined,
    metricsHost: '127.0.0.1',
    metricsEnabled: true,
    shutdownDrainMs: 0,
    shutdownTimeoutMs: 10000,
    // A loaded test machine may stall a process for a second: only the overload test sheds.
    overloadMaxLagMs: 10_000,
    otlpEndpoint: undefined,
    pseudoLocales: false,
    ...overrides,
  };
}
