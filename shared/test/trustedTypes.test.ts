import { afterEach, describe, expect, it, vi } from 'vitest';
import { INERT_TEMPLATE_SINK, inertTemplateHtml } from '../src/security/trustedTypes';

describe('inertTemplateHtml', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the string itself where the browser has no Trusted Types', () => {
    expect(inertTemplateHtml('<form></form>')).toBe('<form></form>');
  });

  it("asks the page's default policy, naming the inert template as the sink", () => {
    const trusted = { toString: () => '<form></form>' };
    const createHTML = vi.fn(() => trusted);
    vi.stubGlobal('trustedTypes', { defaultPolicy: { createHTML } });
    expect(inertTemplateHtml('<form></form>')).toBe(trusted);
    expect(createHTML).toHaveBeenCalledWith('<form></form>', 'TrustedHTML', INERT_TEMPLATE_SINK);
  });
});
