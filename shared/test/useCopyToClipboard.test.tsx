import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_REENABLE_MS } from '../src/constants';
import { useCopyToClipboard } from '../src/hooks/useCopyToClipboard';

// A clipboard that accepts every copy unless a test says otherwise.
const writeText = vi.fn<(text: string) => Promise<void>>();
Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
beforeEach(() => {
  vi.useFakeTimers();
  writeText.mockReset().mockResolvedValue(undefined);
});
afterEach(() => vi.useRealTimers());

describe('useCopyToClipboard', () => {
  it("copies, is 'copied' and cooling down for COPY_REENABLE_MS, ignoring copies meanwhile", async () => {
    const { result } = renderHook(() => useCopyToClipboard());
    expect(result.current).toMatchObject({ state: 'idle', coolingDown: false });
    let copied: boolean | undefined;
    await act(async () => {
      copied = await result.current.copy('a');
    });
    expect(copied).toBe(true);
    expect(writeText).toHaveBeenCalledWith('a');
    expect(result.current).toMatchObject({ state: 'copied', coolingDown: true });

    await act(async () => {
      copied = await result.current.copy('b');
    });
    expect(copied).toBe(false);
    expect(writeText).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(COPY_REENABLE_MS - 1));
    expect(result.current.coolingDown).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ state: 'idle', coolingDown: false });
    await act(async () => {
      await result.current.copy('c');
    });
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it("is 'failed' when the browser refuses, and may be tried again at once", async () => {
    writeText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const { result } = renderHook(() => useCopyToClipboard());
    let copied: boolean | undefined;
    await act(async () => {
      copied = await result.current.copy('a');
    });
    expect(copied).toBe(false);
    expect(result.current).toMatchObject({ state: 'failed', coolingDown: false });
    await act(async () => {
      copied = await result.current.copy('a');
    });
    expect(copied).toBe(true);
    expect(result.current.state).toBe('copied');
  });
});
