import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeAttribute, jsonForScript } from '../src/firstLoad/htmlEscape.js';
import { LocalManifests } from '../src/firstLoad/localManifests.js';
import { splitTemplate } from '../src/firstLoad/renderIndex.js';

describe('LocalManifests.fileFor', () => {
  const releases = path.resolve('/srv/releases');
  const local = new LocalManifests(releases);

  it('maps a release path to its file under RELEASES_DIR', () => {
    expect(local.fileFor('/remotes/remote-login/1.0.0-abc/mf-manifest.json')).toBe(
      path.join(releases, 'remote-login', '1.0.0-abc', 'mf-manifest.json'),
    );
  });

  it.each([
    '/remotes/remotes.json',
    '/remotes/remote-login/mf-manifest.json',
    '/remotes/remote-login/../../etc/mf-manifest.json',
    '/remotes/remote-login/1.0.0/%2e%2e/x.json',
    '/remotes/remote-login/1.0.0%2f..%2f..%2fx/mf-manifest.json',
    '/remotes/remote-login/1.0.0%5c..%5cx/mf-manifest.json',
    '/remotes/remote-login//mf-manifest.json',
    '/remotes/a/b/%E0%A4%A.json',
    '/other/remote-login/1.0.0/mf-manifest.json',
  ])('refuses %s', (urlPath) => {
    expect(local.fileFor(urlPath)).toBeUndefined();
  });
});

describe('escaping', () => {
  it('escapes every character that could end an attribute or start a tag', () => {
    expect(escapeAttribute(`a"b'c<d>e&f`)).toBe('a&quot;b&#39;c&lt;d&gt;e&amp;f');
  });

  it('serialises JSON that cannot close a script element and parses back unchanged', () => {
    const value = { text: '</script><!-- & \u2028\u2029 >' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('splitTemplate', () => {
  it('cuts before the first script in <head>', () => {
    const { split } = splitTemplate(
      '<html><head><title>x</title><script defer src="/m.js"></script></head></html>',
    );
    expect(split?.after.startsWith('<script defer')).toBe(true);
  });

  it('cuts before </head> when <head> has no script, and not at all without </head>', () => {
    expect(splitTemplate('<head><title>x</title></head><body><script></script></body>').split?.after).toMatch(
      /^<\/head>/,
    );
    expect(splitTemplate('<p>no head</p>').split).toBeUndefined();
  });
});
