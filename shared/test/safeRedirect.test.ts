import { describe, expect, it } from 'vitest';
import { safeRedirectUrl } from '../src/flow/safeRedirect';

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
