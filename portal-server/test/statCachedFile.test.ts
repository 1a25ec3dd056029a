import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatCachedFile } from '../src/files/statCachedFile.js';

describe('StatCachedFile', () => {
  let dir: string;
  let file: string;
  let parses: number;
  let cached: StatCachedFile<string>;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'stat-cached-'));
    file = path.join(dir, 'remotes.json');
    writeFileSync(file, 'one');
    parses = 0;
    cached = new StatCachedFile(file, (text) => {
      parses += 1;
      return { ok: true, value: text };
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lets reads that arrive during a stat share it, and tells only the first one it is fresh', async () => {
    const reads = await Promise.all([cached.read(), cached.read(), cached.read()]);
    expect(reads.map(({ result }) => result)).toEqual(Array(3).fill({ ok: true, value: 'one' }));
    expect(reads.map(({ fresh }) => fresh)).toEqual([true, false, false]);
    expect(parses).toBe(1);
  });

  it('makes a new stat for a read after the last one finished: a rewrite is seen at once', async () => {
    await cached.read();
    writeFileSync(file, 'two, longer');
    expect(await cached.read()).toEqual({ result: { ok: true, value: 'two, longer' }, fresh: true });
    expect(await cached.read()).toEqual({ result: { ok: true, value: 'two, longer' }, fresh: false });
    expect(parses).toBe(2);
  });
});
