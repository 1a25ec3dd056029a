import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import portalIntegrityPlugin from '../src/federation/integrityPlugin';
import { NO_KNOWN_HASH, rememberFileIntegrity, sha384Of } from '../src/federation/remoteIntegrity';

// The one module that talks to the federation runtime (vitest cannot resolve it).
const registerRemote = vi.fn();
vi.mock('../src/federation/runtime', () => ({
  registerRemote: (...args: unknown[]) => registerRemote(...args),
  loadExpose: vi.fn(),
}));

const sha384 = (bytes: string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const base = 'https://cdn.example/remote-help/1/';

type Hook<T> = (args: { url: string; attrs?: Record<string, string> }) => T;

describe('the integrity runtime plugin', () => {
  const plugin = portalIntegrityPlugin();
  const createScript = plugin.createScript as unknown as Hook<HTMLScriptElement>;
  const createLink = plugin.createLink as unknown as Hook<HTMLLinkElement>;

  it('loads a known remote file with CORS and the sha384 its verified manifest gives', () => {
    rememberFileIntegrity({ [`${base}remoteEntry.js`]: sha384('entry'), [`${base}help.css`]: sha384('css') });
    const script = createScript({ url: `${base}remoteEntry.js` });
    expect(script.integrity).toBe(sha384('entry'));
    expect(script.crossOrigin).toBe('anonymous');
    expect(script.src).toBe(`${base}remoteEntry.js`);
    const link = createLink({ url: `${base}help.css`, attrs: { rel: 'stylesheet' } });
    expect(link.integrity).toBe(sha384('css'));
    expect(link.rel).toBe('stylesheet');
    expect(link.crossOrigin).toBe('anonymous');
  });

  it('gives a file it knows no hash for a hash no file has, so the browser refuses it', () => {
    expect(createScript({ url: 'https://evil.example/remoteEntry.js' }).integrity).toBe(NO_KNOWN_HASH);
    expect(NO_KNOWN_HASH).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  });
});

describe('sha384Of', () => {
  it('is the sha384 of the bytes, as an integrity attribute writes it', async () => {
    const bytes = new TextEncoder().encode('{"integrity":{}}');
    expect(await sha384Of(bytes.buffer)).toBe(sha384('{"integrity":{}}'));
  });
});

describe('registering remotes', () => {
  beforeEach(() => {
    vi.resetModules();
    registerRemote.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const manifest = JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [],
    integrity: { 'remoteEntry.js': sha384('entry') },
  });

  it('registers a remote from the server’s plan only with its entry’s hash', async () => {
    const { configureRemotes } = await import('../src/federation/remoteRegistry');
    configureRemotes({
      remote_login: {
        manifest: `${base}mf-manifest.json`,
        integrity: sha384(manifest),
        entry: `${base}remoteEntry.js`,
        files: { [`${base}remoteEntry.js`]: sha384('entry') },
      },
      remote_help: { manifest: `${base}other.json`, integrity: sha384('x'), entry: `${base}remoteEntry.js` },
    });
    expect(registerRemote.mock.calls).toEqual([['remote_login', `${base}remoteEntry.js`]]);
  });

  it('reads and checks the manifest itself otherwise, and registers nothing when it does not match', async () => {
    const { configureRemotes, ensureRegistered } = await import('../src/federation/remoteRegistry');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(manifest.replace('remoteEntry.js"', 'evil.js"'))),
    );
    configureRemotes({ remote_help: { manifest: `${base}mf-manifest.json`, integrity: sha384(manifest) } });
    await expect(ensureRegistered('remote_help')).rejects.toThrow(/does not match its integrity/);
    expect(registerRemote).not.toHaveBeenCalled();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(manifest)),
    );
    await expect(ensureRegistered('remote_help')).resolves.toMatchObject({ entry: `${base}remoteEntry.js` });
    expect(registerRemote.mock.calls).toEqual([['remote_help', `${base}remoteEntry.js`]]);
  });
});
