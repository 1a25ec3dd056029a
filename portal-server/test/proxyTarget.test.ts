import { describe, expect, it } from 'vitest';
import { proxyTarget } from '../src/proxy/proxyTarget.js';

const base = 'https://sso.example.com/default/';

describe('proxyTarget', () => {
  it('maps the rest of the path and the query under the SSO base', () => {
    expect(proxyTarget(base, '/common/portal/proxy/factor/v1/FIDOAuthChallengeVerifier?a=1')?.href).toBe(
      'https://sso.example.com/default/factor/v1/FIDOAuthChallengeVerifier?a=1',
    );
  });

  it.each([
    '/common/portal/proxy/../admin',
    '/common/portal/proxy/%2e%2e/admin',
    '/common/portal/proxy/%2E%2E/%2e%2e/x',
    '/common/portal/proxy/..%2f..%2fx/../../y',
  ])('refuses %s', (url) => {
    expect(proxyTarget(base, url)).toBeUndefined();
  });

  it('keeps a doubled slash inside the base instead of switching host', () => {
    expect(proxyTarget(base, '/common/portal/proxy//evil.example/x')?.origin).toBe('https://sso.example.com');
  });
});
