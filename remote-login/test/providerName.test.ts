import { DISPLAY_TEXT_LIMIT } from '@portal/shared/ui';
import { describe, expect, it } from 'vitest';
import { providerNameOf } from '../src/idp/providerName';

describe('providerNameOf', () => {
  it("the IDP option's label without ' - Internal'", () => {
    const reply = {
      currentFactors: ['IDP/corp'],
      customFactorOptions: { 'IDP/corp': 'Corporate SSO - Internal' },
    };
    expect(providerNameOf(reply)).toBe('Corporate SSO');
  });

  it("a 1 MB provider name is bounded for 'Connecting to …'", () => {
    const reply = {
      currentFactors: ['IDP/corp'],
      customFactorOptions: { 'IDP/corp': 'P'.repeat(1024 * 1024) },
    };
    expect(providerNameOf(reply)).toBe(`${'P'.repeat(DISPLAY_TEXT_LIMIT)}…`);
  });

  it('none without an IDP option', () => {
    expect(providerNameOf({ currentFactors: ['PASSWORD'], customFactorOptions: {} })).toBeUndefined();
    expect(providerNameOf(null)).toBeUndefined();
  });
});
