import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScreenClaims, screenClaims } from '../src/screenClaims';

describe('screen claims shared by the workers of one run', () => {
  let close: () => void;
  beforeEach(() => {
    close = openScreenClaims();
  });
  afterEach(() => {
    close();
    delete process.env.E2E_SCREEN_CLAIMS;
  });

  it('gives a screen state to the first worker that claims it, and to no other', () => {
    const first = screenClaims();
    const second = screenClaims();
    expect(first.claim('/direct | User ID | | alerts:0 | width:1280 | ')).toBe(true);
    expect(second.claim('/direct | User ID | | alerts:0 | width:1280 | ')).toBe(false);
    expect(second.claim('/direct | User ID | | alerts:0 | width:320 | ')).toBe(true);
  });

  it('lets a state given back be claimed again', () => {
    const first = screenClaims();
    const second = screenClaims();
    expect(first.claim('/welcome | Welcome | | alerts:0 | width:1280 | ')).toBe(true);
    first.release('/welcome | Welcome | | alerts:0 | width:1280 | ');
    expect(second.claim('/welcome | Welcome | | alerts:0 | width:1280 | ')).toBe(true);
  });

  it('keeps claims in memory when the run made no directory', () => {
    close();
    delete process.env.E2E_SCREEN_CLAIMS;
    const claims = screenClaims();
    expect(claims.claim('/help')).toBe(true);
    expect(claims.claim('/help')).toBe(false);
    close = () => {};
  });
});
