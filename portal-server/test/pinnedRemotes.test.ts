import { describe, expect, it } from 'vitest';
import { pinRemotes } from '../src/remotes/pinnedRemotes.js';
import { remoteEntry } from './helpers/fixtures.js';

const portal = 'https://portal.example.com';

describe('pinRemotes (REMOTE_ORIGINS)', () => {
  it('allows paths and absolute URLs on the portal itself with no origin pinned', () => {
    const config = {
      remote_login: remoteEntry('/remotes/remote-login/1.0.0-abc/mf-manifest.json'),
      remote_help: remoteEntry('https://portal.example.com/remotes/remote-help/1.0.0-abc/mf-manifest.json'),
    };
    expect(pinRemotes(config, [], portal)).toEqual({ allowed: config, refused: [] });
  });

  it('refuses every other origin, whatever remotes.json says', () => {
    const foreign = remoteEntry('https://evil.example.net/remote-login/mf-manifest.json');
    const lookalike = remoteEntry('https://portal.example.com.evil.example.net/x/mf-manifest.json');
    const otherPort = remoteEntry('https://portal.example.com:8443/x/mf-manifest.json');
    const protocolRelative = remoteEntry('//evil.example.net/x/mf-manifest.json');
    const pinned = pinRemotes(
      { a: foreign, b: lookalike, c: otherPort, d: protocolRelative },
      ['https://cdn.example.com'],
      portal,
    );
    expect(pinned.allowed).toEqual({});
    expect(pinned.refused).toEqual([
      { remote: 'a', manifest: foreign.manifest, origin: 'https://evil.example.net' },
      { remote: 'b', manifest: lookalike.manifest, origin: 'https://portal.example.com.evil.example.net' },
      { remote: 'c', manifest: otherPort.manifest, origin: 'https://portal.example.com:8443' },
      { remote: 'd', manifest: protocolRelative.manifest, origin: 'https://evil.example.net' },
    ]);
  });

  it('allows the pinned origins, exactly', () => {
    const cdn = remoteEntry('https://cdn.example.com/remote-help/2.0.0/mf-manifest.json');
    const httpCdn = remoteEntry('http://cdn.example.com/remote-help/2.0.0/mf-manifest.json');
    const pinned = pinRemotes(
      { remote_help: cdn, remote_login: httpCdn },
      ['https://cdn.example.com'],
      portal,
    );
    expect(pinned.allowed).toEqual({ remote_help: cdn });
    expect(pinned.refused.map((refusal) => refusal.remote)).toEqual(['remote_login']);
  });

  it('keeps a remote named __proto__ as plain data', () => {
    const entry = remoteEntry('/remotes/x/1/mf-manifest.json');
    const config = JSON.parse(`{"__proto__": ${JSON.stringify(entry)}}`);
    const { allowed } = pinRemotes(config, [], portal);
    expect(Object.keys(allowed)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(allowed)).toBe(Object.prototype);
  });
});
