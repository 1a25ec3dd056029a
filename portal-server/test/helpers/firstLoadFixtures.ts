import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FixtureDirs, sha384Of } from './fixtures.js';

/** A host template like the real build's: main.js deferred in <head>. */
export const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authentication Hub</title>' +
  '<script defer src="/main.49444929d6.js"></script></head><body><div id="root"></div></body></html>';

export const HOST_PLAN = {
  host: {
    js: ['/frameworks.ab12cd34ef.js', '/portal-shared.0123456789.js', '/802.3fcfeab54a.js'],
    css: ['/802.f09d3d705f.css'],
  },
  deferred: {
    js: ['/portal-shared-deferred.5555555555.js'],
    css: ['/portal-shared-deferred.6666666666.css'],
  },
};

/** A remote build's contributions (the fixture remotes' routes; docs/contracts.md, "Contributions"). */
export function contributions(routes: unknown[], more: Record<string, unknown> = {}) {
  return { version: 1, routes, nextActions: [], factors: [], links: [], calls: [], ...more };
}

/** What the fixture builds of each remote contribute: which route is whose screen. */
export const CONTRIBUTIONS: Record<string, ReturnType<typeof contributions>> = {
  remote_login: contributions(
    [
      { path: '/', guard: 'A', expose: './Landing', title: 'Welcome', likelyNext: ['/direct'] },
      {
        path: '/direct',
        guard: 'A',
        expose: './UserId',
        title: 'Sign in',
        startsLogin: true,
        likelyNext: ['/verify', '/sotp'],
      },
      { path: '/verify', guard: 'C', expose: './Password', title: 'Password' },
      { path: '/signed-out', guard: 'none', expose: './SignedOut', title: 'Signed out' },
    ],
    { nextActions: [{ action: 'PASSWORD_AUTH', path: '/verify' }] },
  ),
  remote_factors: contributions([{ path: '/sotp', guard: 'B', expose: './Otp', title: 'SMS code' }], {
    nextActions: [{ action: 'SMS_OTP_AUTH', path: '/sotp' }],
    factors: [{ code: 'SMSOTP', label: 'Text message' }],
  }),
};

export const LOGIN_V1 = 'remote-login/1.0.0-3725f36671';
export const LOGIN_V2 = 'remote-login/1.0.1-0a1b2c3d4e';
export const FACTORS_V1 = 'remote-factors/1.0.0-b56b17d277';

function expose(name: string, hash: string) {
  return {
    id: `remote:${name}`,
    name,
    path: `./${name}`,
    assets: {
      js: { sync: [`__federation_expose_${name}.${hash}.js`], async: [`lazy.${hash}.js`] },
      css: { sync: [`__federation_expose_${name}.${hash}.css`], async: [] },
    },
  };
}

/** The hash a fixture manifest gives a file: the sha384 of its name (the files are never served). */
export const fileHash = (file: string) => sha384Of(`content of ${file}`);

/** Every JS and CSS file of a fixture manifest, with its (fixture) hash, as the build's plugin writes it. */
function integrityMap(files: string[]): Record<string, string> {
  return Object.fromEntries(files.map((file) => [file, fileHash(file)]));
}

/**
 * A Module Federation 2 manifest with the fields the plan reads (and some it ignores), and the
 * contributions its build wrote (by default the fixture's for that remote; null: none).
 */
export function manifest(
  name: string,
  exposes: string[],
  hash: string,
  entryPath = '',
  contributed: unknown = CONTRIBUTIONS[name] ?? null,
): unknown {
  const entryFile = `${entryPath === '' || entryPath.endsWith('/') ? entryPath : `${entryPath}/`}remoteEntry.js`;
  const exposed = exposes.map((exposeName) => expose(exposeName, hash));
  return {
    id: name,
    name,
    metaData: {
      name,
      globalName: name,
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: entryPath, type: 'global' },
      types: { path: '', name: '' },
    },
    shared: [],
    remotes: [],
    exposes: exposed,
    integrity: integrityMap([
      entryFile,
      ...exposed.flatMap((item) => [
        ...item.assets.js.sync,
        ...item.assets.js.async,
        ...item.assets.css.sync,
        ...item.assets.css.async,
      ]),
    ]),
    ...(contributed === null ? {} : { contributions: contributed }),
  };
}

/** A remotes.json entry. */
export interface RemoteEntryShape {
  manifest: string;
  integrity: string;
}

/** Writes a release's manifest; returns its remotes.json entry (URL and sha384 of the bytes written). */
export function writeRelease(dirs: FixtureDirs, folder: string, content: unknown): RemoteEntryShape {
  const dir = path.join(dirs.releasesDir, folder);
  mkdirSync(dir, { recursive: true });
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  writeFileSync(path.join(dir, 'mf-manifest.json'), text);
  return { manifest: `/remotes/${folder}/mf-manifest.json`, integrity: sha384Of(text) };
}

/** The releases written by writeFirstLoadFixture, by folder: their remotes.json entries. */
export const releaseEntries = new Map<string, RemoteEntryShape>();

/** The host build with first-load.json, two releases of remote_login and one of remote_factors. */
export function writeFirstLoadFixture(dirs: FixtureDirs): void {
  writeFileSync(path.join(dirs.hostDist, 'index.html'), TEMPLATE);
  writeFileSync(path.join(dirs.hostDist, 'first-load.json'), JSON.stringify(HOST_PLAN));
  const releases: [string, unknown][] = [
    [LOGIN_V1, manifest('remote_login', ['Landing', 'UserId', 'Password'], 'e5d50b127d')],
    [LOGIN_V2, manifest('remote_login', ['Landing', 'UserId', 'Password'], 'f00dfeed42')],
    [FACTORS_V1, manifest('remote_factors', ['Otp'], '18375a38a4', 'sub/')],
  ];
  for (const [folder, content] of releases) releaseEntries.set(folder, writeRelease(dirs, folder, content));
  dirs.writeRemotesConfig({
    remote_login: releaseEntries.get(LOGIN_V1),
    remote_factors: releaseEntries.get(FACTORS_V1),
  });
}

export interface PreloadTag {
  as: string;
  href: string;
  crossorigin: boolean;
  integrity?: string;
}

function unescapeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The preload tags of a page, in order. */
export function preloadsOf(html: string): PreloadTag[] {
  const tags = html.match(/<link rel="preload"[^>]*>/g) ?? [];
  return tags.map((tag) => {
    const match =
      /^<link rel="preload" as="(script|style|fetch)" href="([^"]*)"( crossorigin="anonymous")?(?: integrity="([^"]*)")?>$/.exec(
        tag,
      );
    if (!match) throw new Error(`unexpected preload tag ${tag}`);
    return {
      as: match[1] ?? '',
      href: unescapeAttribute(match[2] ?? ''),
      crossorigin: match[3] !== undefined,
      ...(match[4] !== undefined ? { integrity: unescapeAttribute(match[4]) } : {}),
    };
  });
}

/** The parsed #portal-bootstrap block, as the host reads it (JSON.parse of the element's text). */
export function bootstrapOf(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/json" id="portal-bootstrap">([^<]*)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1] ?? '') as Record<string, unknown>) : undefined;
}

export interface BootstrapRemoteShape {
  manifest: string;
  integrity: string;
  entry?: string;
  exposes?: Record<string, { js: string[]; css: string[] }>;
  files?: Record<string, string>;
}

/** The bootstrap block's remotes ({} when the page has no block). */
export function remotesOf(html: string): Record<string, BootstrapRemoteShape> {
  return (bootstrapOf(html)?.remotes ?? {}) as Record<string, BootstrapRemoteShape>;
}
