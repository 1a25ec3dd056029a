import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landed, renderScreen } from '../test-support/render';
import { RedirectNotice } from '../src/ui/RedirectNotice';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const show = (props: { cancelled?: boolean } = {}) =>
  renderScreen(<RedirectNotice to="/home" place="the home page" {...props} />, { path: '/not-found' });

describe('RedirectNotice (the 3000 ms redirect helper)', () => {
  it('announces where the user is going, and goes there after 3000 ms', () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('You will be taken to the home page in 3 seconds.');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByTestId('landed')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(landed().textContent).toBe('/home');
  });

  it("'Go now' goes at once", () => {
    show();
    fireEvent.click(screen.getByRole('link', { name: 'Go now' }));
    expect(landed().textContent).toBe('/home');
  });

  it("'Stay on this page' stops it for good, and the notice goes", () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('the owner can stop it', () => {
    show({ cancelled: true });
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
