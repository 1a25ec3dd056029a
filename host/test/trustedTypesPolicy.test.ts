import { INERT_TEMPLATE_SINK as SHARED_INERT_TEMPLATE_SINK } from '@portal/shared/security';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bootstrapReleaseFolders,
  INERT_TEMPLATE_SINK,
  installTrustedTypesPolicy,
  isAllowedScriptUrl,
  policyRules,
} from '../src/security/trustedTypesPolicy';

const PAGE = 'https://portal.example.com/direct?x=1';
const DEV_SERVER = 'http://127.0.0.1:3002/';

describe('the Trusted Types policy: script URLs', () => {
  it.each([
    '/main.3f2a9c1d0e.js',
    'https://portal.example.com/frameworks.9e86e5e1b6.js',
    '/remotes/remote-login/1.0.0-dff2af67ba/remoteEntry.js',
    '/remotes/remote-login/1.0.0-dff2af67ba/__federation_expose_UserId.40870c6e18.js',
    'http://127.0.0.1:3002/remoteEntry.js',
    'http://127.0.0.1:3002/static/js/async/123.js',
  ])('allows %s (the host files and the release folders)', (url) => {
    expect(isAllowedScriptUrl(url, PAGE, [DEV_SERVER])).toBe(true);
  });

  it.each([
    'https://evil.example/remotes/remote-login/1/remoteEntry.js',
    '//evil.example/main.js',
    'https://portal.example.com.evil.example/main.js',
    'https://user:pw@portal.example.com/main.js',
    '/v1/config/environment',
    '/common/portal/proxy/auth/v1/authenticate.js',
    '/some/folder/main.js',
    '/remotes/remote-login/remoteEntry.js',
    '/remotes.json',
    'http://portal.example.com/main.js',
    'http://127.0.0.1:3003/remoteEntry.js',
    'data:text/javascript,alert(1)',
    'javascript:alert(1)',
    'blob:https://portal.example.com/5e0d',
  ])('refuses %s', (url) => {
    expect(isAllowedScriptUrl(url, PAGE, [DEV_SERVER])).toBe(false);
  });
});

describe("the page's release folders", () => {
  it('are the folders of the remotes the start-up block names, on any origin', () => {
    const json = JSON.stringify({
      version: 1,
      remotes: {
        remote_login: {
          manifest: '/remotes/remote-login/1.0.0-a/mf-manifest.json',
          entry: '/remotes/remote-login/1.0.0-a/remoteEntry.js',
        },
        remote_factors: { manifest: 'http://127.0.0.1:3002/mf-manifest.json' },
        broken: { manifest: 'javascript:alert(1)' },
      },
    });
    expect(bootstrapReleaseFolders(json, PAGE)).toEqual([
      'https://portal.example.com/remotes/remote-login/1.0.0-a/',
      DEV_SERVER,
    ]);
  });

  it.each([null, '', 'not json', '{"remotes":null}', '[]'])('are none for the block %j', (json) => {
    expect(bootstrapReleaseFolders(json, PAGE)).toEqual([]);
  });
});

describe('the policy rules', () => {
  const rules = policyRules(() => PAGE, [DEV_SERVER]);

  afterEach(() => vi.restoreAllMocks());

  it('pass an allowed script URL unchanged and refuse (null, logged) any other', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(rules.createScriptURL('/main.3f2a9c1d0e.js')).toBe('/main.3f2a9c1d0e.js');
    expect(rules.createScriptURL('https://evil.example/x.js')).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('https://evil.example/x.js'));
  });

  it('pass HTML only for the inert template, never through an ordinary sink', () => {
    expect(rules.createHTML('<form></form>', 'TrustedHTML', INERT_TEMPLATE_SINK)).toBe('<form></form>');
    expect(rules.createHTML('<img src=x onerror=alert(1)>', 'TrustedHTML', 'Element innerHTML')).toBeNull();
    expect(rules.createHTML('<b>x</b>')).toBeNull();
  });

  it('never pass script text', () => {
    expect(rules.createScript('alert(1)')).toBeNull();
  });

  it('use the sink name @portal/shared asks with', () => {
    expect(INERT_TEMPLATE_SINK).toBe(SHARED_INERT_TEMPLATE_SINK);
  });
});

describe('installTrustedTypesPolicy', () => {
  it('creates the default policy once, where the browser has Trusted Types', () => {
    const createPolicy = vi.fn((name: string, rules: unknown) => ({ name, rules }));
    const trustedTypes = { defaultPolicy: null as unknown, createPolicy };
    const win = Object.assign(Object.create(window) as Window, { trustedTypes });
    installTrustedTypesPolicy(win);
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(createPolicy.mock.calls[0]?.[0]).toBe('default');
    trustedTypes.defaultPolicy = createPolicy.mock.results[0]?.value;
    installTrustedTypesPolicy(win);
    expect(createPolicy).toHaveBeenCalledTimes(1);
  });

  it('does nothing without Trusted Types (jsdom, older browsers)', () => {
    expect(() => installTrustedTypesPolicy(window)).not.toThrow();
  });
});
