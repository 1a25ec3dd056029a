import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { applyPortalConfig, defaultPortalConfig } from '../src/config/portalConfig';
import { readThemeBrand, themeBrandAtom } from '../src/config/themeBrand';

describe("the theme's product name and logo (issue 44)", () => {
  it('are read beside the configuration, which keeps its own type', () => {
    const store = createStore();
    const theme = { productName: 'Fernbrook Bank', logoUrl: '/theme/logo.0123456789abcdef.svg' };
    const config = applyPortalConfig(store, { ...defaultPortalConfig, theme });
    expect(config).not.toHaveProperty('theme');
    expect(store.get(themeBrandAtom)).toEqual(theme);
    applyPortalConfig(store, defaultPortalConfig);
    expect(store.get(themeBrandAtom)).toEqual({});
  });

  it.each([
    ['another site’s logo', { logoUrl: 'https://evil.example/logo.svg' }],
    ['a protocol-relative logo', { logoUrl: '//evil.example/logo.svg' }],
    ['a data: logo', { logoUrl: 'data:image/svg+xml,<svg/>' }],
    ['a javascript: logo', { logoUrl: 'javascript:alert(1)' }],
    ['an empty name', { productName: '  ' }],
    ['a name that is not text', { productName: 42 }],
  ])('are none with %s', (_what, theme) => {
    expect(readThemeBrand({ theme })).toEqual({});
  });

  it('are none without a configuration', () => {
    expect(readThemeBrand(null)).toEqual({});
    expect(readThemeBrand({})).toEqual({});
  });
});
