import { describe, expect, it, vi } from 'vitest';
import { afterPress } from '../src/register/afterPress';

describe('afterPress', () => {
  it('runs at once when no pointer is pressed', () => {
    const then = vi.fn();
    afterPress(then);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits for the press to end and its click to be dispatched', async () => {
    vi.useFakeTimers();
    try {
      const then = vi.fn();
      document.dispatchEvent(new Event('pointerdown'));
      afterPress(then);
      expect(then).not.toHaveBeenCalled();
      document.dispatchEvent(new Event('pointerup'));
      // The click comes in the same task as the release: the message waits for the next one.
      expect(then).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(then).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
