import { describe, expect, it } from 'vitest';
import {
  buildGalleryManifest,
  parseBaselineName,
  selectAll,
  selectionFromQuery,
  selectionToQuery,
  selectShots,
  shotDescription,
} from '../harness/gallery/manifest.ts';

// The design gallery's manifest (tooling/harness/gallery/manifest.ts): what a baseline's file name
// says about the screen and the look it shows, for every name the screenshot suite writes.

const THEMES = ['default', 'fernbrook'];

describe("a baseline's file name", () => {
  it('is an ordinary baseline: default theme, light, en-US', () => {
    expect(parseBaselineName('user-id-1280-linux.png', THEMES)).toEqual({
      name: 'user-id',
      theme: 'default',
      scheme: 'light',
      locale: 'en-US',
      width: 1280,
    });
    expect(parseBaselineName('self-service-long-email-320-linux.png', THEMES)?.name).toBe(
      'self-service-long-email',
    );
  });

  it("is the locale pass's, its pseudo-locale after the name", () => {
    expect(parseBaselineName('enrol-sms-code-ar-XB-320-linux.png', THEMES)).toEqual({
      name: 'enrol-sms-code',
      theme: 'default',
      scheme: 'light',
      locale: 'ar-XB',
      width: 320,
    });
    expect(parseBaselineName('help-en-XA-1280-linux.png', THEMES)?.locale).toBe('en-XA');
  });

  it("is pseudo-locales.spec.ts's, its pseudo-locale before the name", () => {
    expect(parseBaselineName('en-XA-user-id-1280-linux.png', THEMES)).toMatchObject({
      name: 'user-id',
      locale: 'en-XA',
      width: 1280,
    });
  });

  it("is the design pass's: theme, scheme, locale, width", () => {
    expect(parseBaselineName('user-id-fernbrook-dark-ar-320-linux.png', THEMES)).toEqual({
      name: 'user-id',
      theme: 'fernbrook',
      scheme: 'dark',
      locale: 'ar',
      width: 320,
    });
    expect(parseBaselineName('otp-sms-default-light-ar-1280-linux.png', THEMES)).toMatchObject({
      name: 'otp-sms',
      theme: 'default',
      scheme: 'light',
      locale: 'ar',
    });
    expect(parseBaselineName('not-found-default-dark-en-US-1280.png', THEMES)).toMatchObject({
      name: 'not-found',
      scheme: 'dark',
      locale: 'en-US',
    });
  });

  it('names a design-pass theme only when the portal server has it', () => {
    expect(parseBaselineName('user-id-acme-dark-ar-320-linux.png', THEMES)).toMatchObject({
      name: 'user-id-acme-dark-ar',
      theme: 'default',
      locale: 'en-US',
    });
  });

  it('is not a baseline without a width or a .png', () => {
    expect(parseBaselineName('user-id-linux.png', THEMES)).toBeNull();
    expect(parseBaselineName('user-id-1280-linux.txt', THEMES)).toBeNull();
  });
});

describe('the manifest', () => {
  const files = [
    'remote-login/e2e/screens.spec.ts-snapshots/user-id-320-linux.png',
    'remote-login/e2e/screens.spec.ts-snapshots/user-id-1280-linux.png',
    'remote-login/e2e/screens.spec.ts-snapshots/user-id-fernbrook-dark-ar-1280-linux.png',
    'remote-login/e2e/screens.spec.ts-snapshots/user-id-default-dark-en-US-1280-linux.png',
    'remote-login/e2e/screens.spec.ts-snapshots/user-id-ar-XB-1280-linux.png',
    'e2e/tests/pseudo-locales.spec.ts-snapshots/en-XA-user-id-1280-linux.png',
    'e2e/tests/screens.spec.ts-snapshots/not-found-1280-linux.png',
    'e2e/tests/loose.png',
  ];
  const manifest = buildGalleryManifest(files, THEMES);

  it('groups the pictures by spec and screen, in the order theme, scheme, locale, width', () => {
    expect(manifest.screens.map((screen) => screen.id)).toEqual([
      'e2e/tests/screens.spec.ts#not-found',
      'e2e/tests/pseudo-locales.spec.ts#user-id',
      'remote-login/e2e/screens.spec.ts#user-id',
    ]);
    const userId = manifest.screens[2];
    expect(userId?.shots.map((s) => `${s.theme} ${s.scheme} ${s.locale} ${s.width}`)).toEqual([
      'default light en-US 1280',
      'default light en-US 320',
      'default light ar-XB 1280',
      'default dark en-US 1280',
      'fernbrook dark ar 1280',
    ]);
  });

  it('offers every theme, scheme, locale and width, and keeps a file it cannot read', () => {
    expect(manifest.themes).toEqual(['default', 'fernbrook']);
    expect(manifest.schemes).toEqual(['light', 'dark']);
    expect(manifest.locales).toEqual(['en-US', 'ar', 'en-XA', 'ar-XB']);
    expect(manifest.widths).toEqual([1280, 320]);
    expect(manifest.unparsed).toEqual(['e2e/tests/loose.png']);
  });

  it('lets the filters through, and leaves out a screen with no picture left', () => {
    const dark = selectShots(manifest, { ...selectAll(manifest), schemes: ['dark'] });
    expect(dark.map((screen) => screen.id)).toEqual(['remote-login/e2e/screens.spec.ts#user-id']);
    expect(dark[0]?.shots).toHaveLength(2);
    const named = selectShots(manifest, { ...selectAll(manifest), screen: 'PSEUDO' });
    expect(named.map((screen) => screen.id)).toEqual(['e2e/tests/pseudo-locales.spec.ts#user-id']);
  });

  it('keeps the filters in the address, and reads them back', () => {
    const selection = { ...selectAll(manifest), themes: ['fernbrook'], widths: [320], screen: 'user' };
    const query = selectionToQuery(manifest, selection);
    expect(query).toBe('?theme=fernbrook&width=320&screen=user');
    expect(selectionFromQuery(manifest, query)).toEqual(selection);
    expect(selectionToQuery(manifest, selectAll(manifest))).toBe('');
    expect(selectionFromQuery(manifest, '?locale=')).toMatchObject({ locales: [] });
  });

  it('describes each picture by screen, theme, scheme, locale and width', () => {
    const [shot] = manifest.screens[2]?.shots.slice(-1) ?? [];
    if (!shot) throw new Error('a shot');
    expect(shotDescription({ name: 'user-id' }, shot)).toBe('user-id: fernbrook theme, dark, ar, 1280 px');
  });
});
