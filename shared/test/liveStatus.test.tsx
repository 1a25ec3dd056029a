import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REGION_FILL_DELAY_MS } from '../src/constants';
import { LiveStatus } from '../src/ui/LiveStatus';

describe('LiveStatus', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is in the page empty first, then says its lines (a region inserted with its text is often not announced)', () => {
    const { rerender } = render(
      <LiveStatus lines={['Validate your biometric', 'Wait']} lineClassName="line" />,
    );
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => vi.advanceTimersByTime(LIVE_REGION_FILL_DELAY_MS));
    expect(Array.from(region.querySelectorAll('p.line')).map((p) => p.textContent)).toEqual([
      'Validate your biometric',
      'Wait',
    ]);
    rerender(<LiveStatus lines={['Click Next']} lineClassName="line" />);
    act(() => vi.advanceTimersByTime(LIVE_REGION_FILL_DELAY_MS));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Click Next');
  });
});
