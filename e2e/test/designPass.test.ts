import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookName, looksOf } from '../src/designPass';

// The design pass's matrix (src/designPass.ts): which looks of a flagged screen it compares, and
// the pictures' names; and the theme the e2e stacks start the portal server with (E2E_THEME).

describe('the looks of a screen', () => {
  it('are light and dark, en-US and ar, less the ordinary baseline under the default theme', () => {
    expect(looksOf('default')).toEqual([
      { scheme: 'dark', locale: 'en-US' },
      { scheme: 'light', locale: 'ar' },
      { scheme: 'dark', locale: 'ar' },
    ]);
  });

  it('are all four under another theme: its light en-US is no ordinary baseline', () => {
    expect(looksOf('fernbrook')).toHaveLength(4);
    expect(looksOf('fernbrook', ['en-US'])).toEqual([
      { scheme: 'light', locale: 'en-US' },
      { scheme: 'dark', locale: 'en-US' },
    ]);
  });

  it('are named <name>-<theme>-<scheme>-<locale> (the width follows)', () => {
    expect(lookName('user-id', 'fernbrook', { scheme: 'dark', locale: 'ar' })).toBe(
      'user-id-fernbrook-dark-ar',
    );
  });
});

describe('E2E_THEME', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('leaves the portal server on its default theme unless named', async () => {
    vi.stubEnv('E2E_THEME', '');
    vi.resetModules();
    const pass = await import('../src/designPass');
    expect(pass.THEME).toBe('default');
    expect(pass.themeEnv()).toEqual({});
  });

  it("names the theme's file for the portal server (THEME_FILE)", async () => {
    vi.stubEnv('E2E_THEME', 'fernbrook');
    vi.resetModules();
    const pass = await import('../src/designPass');
    expect(pass.themeEnv().THEME_FILE).toMatch(/portal-server\/themes\/fernbrook\/theme\.json$/);
  });

  it('refuses a theme the portal server does not have', async () => {
    vi.stubEnv('E2E_THEME', 'acme');
    vi.resetModules();
    await expect(import('../src/designPass')).rejects.toThrow('no portal-server/themes/acme/theme.json');
  });
});
