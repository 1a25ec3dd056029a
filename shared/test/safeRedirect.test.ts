import { describe, expect, it } from 'vitest';
import { asDirectoryUrl, safeRedirectUrl } from '../src/flow/safeRedirect';

const allowed = ['https://sso.example.com/tenant/', 'http://localhost:8090'];

describe('safeRedirectUrl', () => {
  it.each([
    [
      'https://sso.example.com/tenant/oauth2/v1/authcomplete?x=1',
      'https://sso.example.com/tenant/oauth2/v1/authcomplete?x=1',
    ],
    ['http://localhost:8090/default/a?b=c', 'http://localhost:8090/default/a?b=c'],
    ['/tenant/x?y=1', 'https://sso.example.com/tenant/x?y=1'],
  ])('allows %s', (candidate, expected) => {
    expect(safeRedirectUrl(candidate, allowed)).toBe(expected);
  });
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    '\\\\evil.example/x',
    '/\\evil.example/x',
    'https://evil.example/tenant/',
    'https://sso.example.com.evil.example/',
    'http://sso.example.com/tenant/',
    'https://user:pw@sso.example.com/tenant/',
    '',
    null,
    undefined,
  ])('refuses %s', (candidate) => {
    expect(safeRedirectUrl(candidate, allowed)).toBeNull();
  });
  it('refuses everything when nothing is allowed', () => {
    expect(safeRedirectUrl('https://sso.example.com/tenant/', [])).toBeNull();
  });
});

describe('safeRedirectUrl with a base', () => {
  const base = 'https://sso.example.com/tenant/';
  it('resolves a relative candidate inside the base, then checks the origin', () => {
    expect(safeRedirectUrl('oauth2/v1/authcomplete', allowed, base)).toBe(
      'https://sso.example.com/tenant/oauth2/v1/authcomplete',
    );
    expect(safeRedirectUrl('//evil.example/x', allowed, base)).toBeNull();
    expect(safeRedirectUrl('https://evil.example/tenant/x', allowed, base)).toBeNull();
    expect(safeRedirectUrl('javascript:alert(1)', allowed, base)).toBeNull();
  });
  it('a base off the allowed origins allows nothing relative', () => {
    expect(safeRedirectUrl('x', allowed, 'https://evil.example/')).toBeNull();
  });
});

describe('asDirectoryUrl', () => {
  it.each([
    ['http://localhost:8090/default/', 'http://localhost:8090/default/'],
    ['http://localhost:8090/default', 'http://localhost:8090/default/'],
    [' http://localhost:8090/default?x=1#y ', 'http://localhost:8090/default/'],
    ['http://localhost:8090', 'http://localhost:8090/'],
  ])('%s → %s', (base, directory) => {
    expect(asDirectoryUrl(base)).toBe(directory);
  });
  it('leaves what does not parse alone (nothing then resolves against it)', () => {
    expect(asDirectoryUrl('not a url')).toBe('not a url');
    expect(safeRedirectUrl('x', allowed, asDirectoryUrl('not a url'))).toBeNull();
  });
});
