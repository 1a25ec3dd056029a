import { paths } from '@portal/shared/router';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/routes';

describe('route table', () => {
  it('has every route of spec section 2 exactly once', () => {
    const all = routes.map((r) => r.path);
    expect(new Set(all).size).toBe(all.length);
    const expected = [
      '/',
      '/home',
      '/direct',
      '/oauth2',
      '/verify',
      '/sotp',
      '/eotp',
      '/votp',
      '/motp',
      '/push',
      '/securid',
      '/fido',
      '/security-key',
      '/passkey',
      '/factorselection',
      '/changePassword',
      '/idp',
      '/welcome',
      '/self-service',
      '/register',
      '/register/sms',
      '/register/email',
      '/register/totp',
      '/register/fido',
      '/register/securitykey',
      '/register/passkey',
      '/register/totp_push',
      '/denied',
      '/help',
      '/cookies',
      '/aboutAuthHub',
      '/signed-out',
      '/idpComplete',
      '/restartRequired',
      '/sms-terms-of-service',
    ];
    expect([...all].sort()).toEqual([...expected].sort());
  });

  it('guards each route as the spec says', () => {
    const guardOf = (path: string) => routes.find((r) => r.path === path)?.guard;
    expect(guardOf(paths.home)).toBe('A');
    expect(guardOf(paths.direct)).toBe('A');
    expect(guardOf(paths.verify)).toBe('C');
    expect(guardOf(paths.factorSelection)).toBe('C');
    expect(guardOf(paths.welcome)).toBe('B');
    expect(guardOf('/register/totp_push')).toBe('B');
    expect(guardOf(paths.denied)).toBe('none');
    expect(guardOf(paths.idpComplete)).toBe('none');
  });
});

describe('the screen a fresh page shows', () => {
  it('is the route’s own for guards A and none, the home page’s for B and C, none for unknown paths', async () => {
    const { firstScreenFor } = await import('../src/routes');
    expect(firstScreenFor('/direct')).toMatchObject({ remote: 'remote_login', expose: './UserId' });
    expect(firstScreenFor('/help/')).toMatchObject({ remote: 'remote_help', expose: './Help' });
    expect(firstScreenFor('/verify')).toMatchObject({ remote: 'remote_login', expose: './Landing' });
    expect(firstScreenFor('/welcome')).toMatchObject({ remote: 'remote_login', expose: './Landing' });
    expect(firstScreenFor('/nowhere')).toBeUndefined();
  });
});

describe('screen titles (the one table)', () => {
  it('every route has a title; other addresses are Page Not Found', async () => {
    const { screenTitleFor } = await import('../src/routes');
    for (const route of routes) expect(route.title.length).toBeGreaterThan(0);
    expect(screenTitleFor('/verify')).toBe('Enter your password');
    expect(screenTitleFor('/verify/')).toBe('Enter your password');
    expect(screenTitleFor('/')).toBe('A Better Login Experience');
    expect(screenTitleFor('/nowhere')).toBe('Page Not Found');
  });
});
