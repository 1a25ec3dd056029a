import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesNamedBy } from '../src/manifestIntegrityPlugin.ts';
import { prerenderPages } from '../src/prerender/prerenderBuild.ts';
import {
  firstLoadWithShell,
  manifestWithPrerender,
  withoutStyleAttributes,
} from '../src/prerender/prerenderPlugin.ts';

const dir = path.resolve(import.meta.dirname, '..');

describe('the prerender step', () => {
  it('renders a component module at its address with the same store, router and classes, no stylesheet inlined', async () => {
    const rendered = await prerenderPages({
      dir,
      pages: [{ file: 'prerender/Form.html', module: './test/fixtures/prerender/Form.tsx', path: '/direct' }],
      alias: {},
      defines: { 'process.env.NODE_ENV': '"production"' },
    });
    const html = rendered.get('prerender/Form.html') ?? '';
    expect(html).toContain('<h1>Sign in</h1>');
    expect(html).toContain('data-path="/direct"');
    expect(html).toContain('class="fixture-form"');
    expect(html).toMatch(/<a href="\/help"[^>]*>Help<\/a>/);
    expect(html).not.toContain('color: blue');
    // The page's CSP refuses inline style attributes: the build drops them.
    expect(html).toContain('style="color:red"');
    expect(withoutStyleAttributes(html)).not.toContain('style=');
    expect(withoutStyleAttributes('<p title="a style=&quot;x&quot;">style="kept as text"</p>')).toBe(
      '<p title="a style=&quot;x&quot;">style="kept as text"</p>',
    );
  }, 60_000);

  it('fails with the compile error when a page cannot be built', async () => {
    await expect(
      prerenderPages({
        dir,
        pages: [{ file: 'x.html', module: './test/fixtures/prerender/Missing.tsx', path: '/' }],
        alias: {},
        defines: {},
      }),
    ).rejects.toThrow(/Missing/);
  }, 60_000);

  it('lists the markup in the manifest, where the integrity map and the release tool find it', () => {
    const manifest = JSON.parse(
      manifestWithPrerender(
        JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] }),
        { './UserId': 'prerender/UserId.html' },
      ),
    );
    expect(manifest.prerender).toEqual({ './UserId': 'prerender/UserId.html' });
    expect(filesNamedBy(manifest)).toEqual(['prerender/UserId.html', 'remoteEntry.js']);
    expect(JSON.parse(firstLoadWithShell('{"host":{"js":[],"css":[]}}', '<main></main>'))).toEqual({
      host: { js: [], css: [] },
      shell: '<main></main>',
    });
  });
});
