import { describe, expect, it } from 'vitest';
import { footerLinks } from '../src/routing/footerLinks';
import { firstScreenFor, hostRoutes, likelyNextScreens, screenTitleFor } from '../src/routing/routeTable';
import { contributions } from './contributionsFixture';

describe('the route table, built from the contributions', () => {
  it('has every contributed route of a remote the host knows, and nothing else', () => {
    expect(hostRoutes(contributions).map((route) => route.path)).toEqual([
      '/',
      '/direct',
      '/verify',
      '/sotp',
      '/eotp',
      '/welcome',
      '/help',
    ]);
  });

  it("titles: the route's own; the restart notice's when nobody contributes it; else Page Not Found", () => {
    expect(screenTitleFor(contributions, '/verify')).toBe('Enter your password');
    expect(screenTitleFor(contributions, '/verify/')).toBe('Enter your password');
    expect(screenTitleFor(contributions, '/')).toBe('A Better Login Experience');
    expect(screenTitleFor(contributions, '/restartRequired')).toBe(
      'Unrecoverable error. Please restart login or try again later.',
    );
    expect(screenTitleFor(contributions, '/nowhere')).toBe('Page Not Found');
    expect(screenTitleFor(contributions, '/elsewhere')).toBe('Page Not Found');
  });

  it("a fresh page shows the route's own screen for guards A and none, the home page's for B and C", () => {
    expect(firstScreenFor(contributions, '/direct')).toMatchObject({
      remote: 'remote_login',
      expose: './UserId',
    });
    expect(firstScreenFor(contributions, '/help/')).toMatchObject({
      remote: 'remote_help',
      expose: './Help',
    });
    expect(firstScreenFor(contributions, '/verify')).toMatchObject({ expose: './Landing' });
    expect(firstScreenFor(contributions, '/welcome')).toMatchObject({ expose: './Landing' });
    expect(firstScreenFor(contributions, '/nowhere')).toBeUndefined();
  });

  it('likely next screens: each address resolved to its screen, once, unserved ones left out', () => {
    expect(likelyNextScreens(contributions, '/direct')).toEqual([
      { remote: 'remote_login', expose: './Password' },
      { remote: 'remote_factors', expose: './Otp' },
    ]);
    expect(likelyNextScreens(contributions, '/verify')).toEqual([]);
    expect(likelyNextScreens(contributions, '/nowhere')).toEqual([]);
  });
});

describe('footer links', () => {
  it("the host's privacy (10) and terms (30) among the contributed footer links, by order", () => {
    const links = footerLinks(contributions, { privacyStatementUrl: '/p', termsOfUseUrl: '/t' });
    expect(links.map((link) => link.label)).toEqual([
      'Privacy Statement',
      'Cookie Policy',
      'Terms of Use',
      'SMS Terms of Service',
      'Login Assistance',
    ]);
    expect(links[0]).toMatchObject({ kind: 'external', href: '/p' });
    expect(links[1]).toMatchObject({ kind: 'route', path: '/cookies' });
  });
});
