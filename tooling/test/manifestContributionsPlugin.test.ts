import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { Stats } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from './buildOnce.ts';
import { ManifestContributionsPlugin } from '../src/manifestContributionsPlugin.ts';
import { MANIFEST_FILE, ManifestIntegrityPlugin } from '../src/manifestIntegrityPlugin.ts';

/*
 * A small remote is built for real (Rspack + Module Federation) with its contributions: the
 * manifest it writes carries them, checked; a remote whose contributions break the schema does
 * not build, and the error says what is wrong.
 */

let root: string;

const contributions = {
  version: 1,
  routes: [{ path: '/hello', guard: 'C', expose: './Hello', title: 'Hello', likelyNext: ['/welcome'] }],
  nextActions: [{ action: 'HELLO_AUTH', path: '/hello' }],
  factors: [{ code: 'HELLO', label: 'Say hello' }],
};

function build(outDir: string, given: unknown): Promise<Stats> {
  return buildOnce({
    context: root,
    mode: 'production',
    entry: {},
    output: { path: outDir, publicPath: 'auto', uniqueName: 'fixture_remote' },
    plugins: [
      new ModuleFederationPlugin({
        name: 'fixture_remote',
        filename: 'remoteEntry.js',
        exposes: { './Hello': './src/hello.js' },
        dts: false,
        manifest: true,
      }),
      new ManifestContributionsPlugin('fixture_remote', given),
      new ManifestIntegrityPlugin(),
    ],
  });
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'manifest-contributions-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src/hello.js'), "export const hello = 'hello';\n");
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('ManifestContributionsPlugin', () => {
  it("writes the remote's contributions into mf-manifest.json, defaults filled in, with the integrity map", async () => {
    const outDir = path.join(root, 'good');
    const stats = await build(outDir, contributions);
    expect(stats.hasErrors(), stats.toString({ all: false, errors: true })).toBe(false);
    const manifest = JSON.parse(readFileSync(path.join(outDir, MANIFEST_FILE), 'utf8'));
    expect(manifest.contributions).toEqual({ ...contributions, links: [], calls: [] });
    // The integrity plugin ran after it: the same manifest still names its files' hashes.
    expect(Object.keys(manifest.integrity)).toContain('remoteEntry.js');
    expect(manifest.exposes.map((expose: { path: string }) => expose.path)).toEqual(['./Hello']);
  }, 60_000);

  it('fails the build of a remote whose contributions are invalid, saying what is wrong', async () => {
    const stats = await build(path.join(root, 'bad'), {
      ...contributions,
      routes: [{ ...contributions.routes[0], guard: 'D' }],
    });
    expect(stats.hasErrors()).toBe(true);
    const errors = stats.toJson({ all: false, errors: true }).errors ?? [];
    expect(errors.map((error) => error.message).join('\n')).toMatch(
      /The contributions of fixture_remote \(src\/contributions\.ts\) are invalid: .*guard/s,
    );
  }, 60_000);
});
