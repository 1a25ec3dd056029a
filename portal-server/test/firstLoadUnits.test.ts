import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeAttribute, jsonForScript } from '../src/firstLoad/htmlEscape.js';
import { inlineStylesheet } from '../src/firstLoad/inlineStylesheet.js';
import { LocalManifests } from '../src/firstLoad/localManifests.js';
import { splitTemplate } from '../src/firstLoad/renderIndex.js';
import { stylesheetName } from '../src/host/hostSource.js';

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

describe('inlineStylesheet', () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('hashes the text as the HTML parser will read it (CR LF and CR as LF)', () => {
    const sheet = inlineStylesheet('/a.css', '.a{color:red}\r\n.b{color:blue}\r.c{}');
    expect(sheet?.css).toBe('.a{color:red}\n.b{color:blue}\n.c{}');
    expect(sheet?.hash).toBe(sha256('.a{color:red}\n.b{color:blue}\n.c{}'));
  });

  it.each([
    ['an end tag', '.a{content:"</style><script>alert(1)</script>"}'],
    ['an end tag in capitals', '.a{content:"</STYLE >"}'],
    ['a NUL the parser would replace', '.a{content:"\0"}'],
  ])('refuses a stylesheet with %s (the page links it instead)', (_, text) => {
    expect(inlineStylesheet('/a.css', text)).toBeUndefined();
  });
});

describe('stylesheetName', () => {
  it('gives the build file of a stylesheet path', () => {
    expect(stylesheetName('/0.f24803769c.css')).toBe('0.f24803769c.css');
    expect(stylesheetName('/static/css/a.css')).toBe('static/css/a.css');
  });

  it.each([
    '0.css',
    '//cdn.example/a.css',
    'https://cdn.example/a.css',
    '/../secrets.css',
    '/static/../../a.css',
    '/a\\..\\b.css',
    '/static//a.css',
    '/main.js',
  ])('refuses %s', (href) => {
    expect(stylesheetName(href)).toBeUndefined();
  });
});
