import { describe, expect, it } from 'vitest';
import { boundedText, boundedTitle, DISPLAY_TEXT_LIMIT, TITLE_TEXT_LIMIT } from '../src/display/boundedText';

describe('boundedText', () => {
  it('shows a value that fits as it is', () => {
    expect(boundedText('pat.password')).toBe('pat.password');
    expect(boundedText('x'.repeat(DISPLAY_TEXT_LIMIT))).toBe('x'.repeat(DISPLAY_TEXT_LIMIT));
    expect(boundedTitle('pat.password')).toBeUndefined();
  });

  it('keeps at most the limit of a 1 MB value and ends it with an ellipsis', () => {
    const huge = 'a'.repeat(1024 * 1024);
    expect(boundedText(huge)).toBe(`${'a'.repeat(DISPLAY_TEXT_LIMIT)}…`);
    expect(boundedTitle(huge)).toBe(`${'a'.repeat(TITLE_TEXT_LIMIT)}…`);
  });

  it('never cuts an emoji in half', () => {
    const value = `${'a'.repeat(DISPLAY_TEXT_LIMIT - 1)}😀tail`;
    expect(boundedText(value)).toBe(`${'a'.repeat(DISPLAY_TEXT_LIMIT - 1)}…`);
  });
});
