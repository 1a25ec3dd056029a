import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIELD_FOCUS_DELAY_MS } from '../src/constants';
import { useFocusFirst } from '../src/hooks/useFocusFirst';

function Form() {
  const first = useRef<HTMLInputElement>(null);
  useFocusFirst(first);
  return (
    <form>
      <input aria-label="first" ref={first} />
      <input aria-label="second" />
    </form>
  );
}

describe('useFocusFirst', () => {
  afterEach(() => vi.useRealTimers());

  it('focuses the first field after the field focus delay', () => {
    vi.useFakeTimers();
    const { getByLabelText } = render(<Form />);
    expect(document.activeElement).not.toBe(getByLabelText('first'));
    vi.advanceTimersByTime(FIELD_FOCUS_DELAY_MS);
    expect(document.activeElement).toBe(getByLabelText('first'));
  });

  it('does not pull the user out of a field they are already typing in', () => {
    vi.useFakeTimers();
    const { getByLabelText } = render(<Form />);
    (getByLabelText('second') as HTMLInputElement).focus();
    vi.advanceTimersByTime(FIELD_FOCUS_DELAY_MS);
    expect(document.activeElement).toBe(getByLabelText('second'));
  });
});
