import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from './helpers/fixtures.js';

/**
 * mf-stats.json as the federation plugin writes it: which expose first used a shared module, and
 * which shared modules each expose requires, in an order that varies from one build of the same
 * source to the next (measured on remote-factors: `react/jsx-runtime` usedIn Fido in one build,
 * Push in the next, and the `requires` lists of those two exposes swapped).
 */
const stats = (usedIn: string) =>
  JSON.stringify({
    id: 'remote_factors',
    shared: [{ name: 'react/jsx-runtime', usedIn: [usedIn] }],
    exposes: [
      { path: './Otp', requires: usedIn === 'Otp' ? ['react/jsx-runtime'] : [] },
      { path: './Push', requires: usedIn === 'Push' ? ['react/jsx-runtime'] : [] },
    ],
  });

/** Two builds of the same sources: identical carried bytes, nothing else alike. */
describe('release ids are reproducible', () => {
  let ws: Workspace;
  let other: Workspace;
  beforeEach(() => {
    ws = new Workspace();
    other = new Workspace();
  });
  afterEach(() => {
    ws.cleanup();
    other.cleanup();
  });

  const stageIn = async (workspace: Workspace, from: string) => {
    const result = await workspace.run('stage', 'remote_factors', '--from', from, '--json');
    expect(result.code).toBe(0);
    return (result.json() as { result: { release: string; created: boolean } }).result;
  };

  it('two builds of the same source stage under the same id, in any release directory', async () => {
    const first = ws.build('same');
    writeFileSync(path.join(first, 'mf-stats.json'), stats('Otp'));
    writeFileSync(path.join(first, 'Otp.js.map'), '{"sources":["/home/rita/portal/src/Otp.tsx"]}');
    // The second build: the same bytes written in another order, the statistics in another order,
    // source maps naming another checkout.
    const second = path.join(other.root, 'second-build');
    for (const file of readdirSync(first).sort().reverse())
      cpSync(path.join(first, file), path.join(second, file));
    writeFileSync(path.join(second, 'mf-stats.json'), stats('Push'));
    writeFileSync(path.join(second, 'Otp.js.map'), '{"sources":["/builds/ci-4711/src/Otp.tsx"]}');

    const a = await stageIn(ws, first);
    const b = await stageIn(other, second);
    expect(b.release).toBe(a.release);
    expect(b.created).toBe(true);
    // The same folder contents, byte for byte (integrity.json included).
    const files = (workspace: Workspace) =>
      readdirSync(workspace.folder(a.release)).map((file) => [
        file,
        readFileSync(path.join(workspace.folder(a.release), file), 'base64'),
      ]);
    expect(files(other)).toEqual(files(ws));
    // Staged into a directory that holds it, it is the same release.
    expect(await stageIn(ws, second)).toEqual({ ...a, created: false });
  });

  it('a byte changed in any carried file is another id', async () => {
    const from = ws.build('base');
    const base = await stageIn(ws, from);
    for (const file of ['Otp.js.br', 'remoteEntry.js', 'mf-manifest.json']) {
      const copy = path.join(ws.root, `changed-${file}`);
      cpSync(from, copy, { recursive: true });
      writeFileSync(path.join(copy, file), `${readFileSync(path.join(copy, file), 'utf8')} `);
      expect((await stageIn(ws, copy)).release).not.toBe(base.release);
      rmSync(copy, { recursive: true });
    }
  });
});
