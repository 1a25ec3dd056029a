import { describe, expect, it } from 'vitest';
import { namedFiles, parseManifest } from '../src/manifest.js';

describe('the files a manifest names', () => {
  it('include the prerendered markup and every locale’s message catalogue, so all are staged and verified', () => {
    const parsed = parseManifest(
      JSON.stringify({
        name: 'remote_login',
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          { path: './UserId', assets: { js: { sync: ['a.js'], async: [] }, css: { sync: [], async: [] } } },
        ],
        shared: [],
        prerender: { './UserId': 'prerender/UserId.html' },
        catalogues: { 'en-US': 'catalogue-en-US.1.js', ar: 'catalogue-ar.2.js' },
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(namedFiles(parsed.manifest)).toEqual([
      'a.js',
      'catalogue-ar.2.js',
      'catalogue-en-US.1.js',
      'prerender/UserId.html',
      'remoteEntry.js',
    ]);
  });
});
