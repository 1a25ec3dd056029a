import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageOfShareKey, SHARED_SINGLETON_PACKAGES } from '@portal/contributions/sharedPackages';
import { type SharedEntry, sharedSingletons } from '../src/shared.ts';

/*
 * @portal/shared is a runtime contract between builds made at different times
 * (docs/contracts.md): every way a build shares it must be a strict singleton, so that a remote
 * refuses a provided version older than the one it was built against.
 */

const root = path.resolve(import.meta.dirname, '../..');
const sharedVersion = (() => {
  const manifest: unknown = JSON.parse(readFileSync(path.join(root, 'shared/package.json'), 'utf8'));
  if (typeof manifest === 'object' && manifest !== null && 'version' in manifest) {
    return String(manifest.version);
  }
  throw new Error('shared/package.json has no version');
})();

/** The entries that share @portal/shared: the prefix share, and the host's provided files. */
function sharedPackageEntries(config: Record<string, SharedEntry>): [string, SharedEntry][] {
  return Object.entries(config).filter(
    ([key, entry]) => key.startsWith('@portal/shared/') || entry.shareKey?.startsWith('@portal/shared/'),
  );
}

/** The kernel's entry points, as shared/package.json `exports` lists them (test support left out). */
const kernelEntries = (() => {
  const manifest = JSON.parse(readFileSync(path.join(root, 'shared/package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  return Object.keys(manifest.exports)
    .filter((key) => !key.startsWith('./test-support/') && !key.includes('*'))
    .map((key) => `@portal/shared/${key.slice(2)}`)
    .sort();
})();

describe.each([
  { app: 'host', provideAllShared: true },
  { app: 'remote-login', provideAllShared: false },
])('sharedSingletons for $app', ({ app, provideAllShared }) => {
  const config = sharedSingletons(path.join(root, app), { provideAllShared });
  const entries = sharedPackageEntries(config);

  it('shares exactly the packages of the contract (@portal/contributions/sharedPackages)', () => {
    const packages = new Set(
      Object.entries(config).map(([key, value]) =>
        packageOfShareKey(value.shareKey ?? key.replace(/\/$/, '')),
      ),
    );
    expect([...packages].sort()).toEqual([...SHARED_SINGLETON_PACKAGES].sort());
  });

  it('shares exactly the kernel entries, at most 14 share keys, and no prefix', () => {
    const requests = Object.keys(config).filter((key) => key.startsWith('@portal/shared'));
    expect(requests.sort()).toEqual(kernelEntries);
    expect(kernelEntries.length).toBeGreaterThan(0);
    expect(kernelEntries.length).toBeLessThanOrEqual(14);
    expect(kernelEntries).toContain('@portal/shared/session');
    expect(kernelEntries).toContain('@portal/shared/router');
  });

  it('makes every @portal/shared entry a strict singleton of ^<package version>', () => {
    expect(sharedVersion).toMatch(/^\d+\.\d+\.\d+/);
    for (const [, entry] of entries) {
      expect(entry).toMatchObject({
        singleton: true,
        strictVersion: true,
        requiredVersion: `^${sharedVersion}`,
        version: sharedVersion,
      });
    }
  });

  it('keeps react and jotai singletons', () => {
    for (const name of ['react', 'react-dom', 'jotai']) expect(config[name]?.singleton).toBe(true);
  });

  it('shares react-intl as a strict singleton: one formatter for every catalogue', () => {
    expect(config['react-intl']).toMatchObject({ singleton: true, strictVersion: true });
  });
});

describe('the host provides every kernel entry by file', () => {
  const config = sharedSingletons(path.join(root, 'host'), { provideAllShared: true });
  const provided = Object.entries(config).filter(
    ([, entry]) => entry.shareKey && entry.shareKey !== 'react-intl',
  );

  it('under its package request, from its own file', () => {
    expect(provided.map(([, entry]) => entry.shareKey).sort()).toEqual(kernelEntries);
    for (const [key, entry] of provided) {
      expect(entry.import).toBe(key);
      expect(entry.shareKey).toMatch(/^@portal\/shared\/\w+(\/\w+)?$/);
      expect(entry.import).toMatch(/[\\/]shared[\\/]src[\\/].+\.tsx?$/);
    }
  });

  it('and react-intl, strict, from its package folder (a remote that uses it loads the host’s)', () => {
    const reactIntl = Object.entries(config).filter(([, entry]) => entry.shareKey === 'react-intl');
    expect(reactIntl).toHaveLength(1);
    const [file, entry] = reactIntl[0] ?? [];
    expect(entry).toMatchObject({ singleton: true, strictVersion: true, import: file });
    expect(file).toMatch(/[\\/]react-intl$/);
  });
});
