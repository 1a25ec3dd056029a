import { errorMessageAtom, portalStore } from '@portal/shared/session';
import { landed, renderScreen } from '@portal/shared/test-support/render';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFound } from '../src/shell/NotFound';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Page Not Found', () => {
  it('after a null reply: the message, then the home page after 3000 ms', () => {
    portalStore.set(errorMessageAtom, 'Server error, response is null');
    renderScreen(<NotFound />, { path: '/not-found' });
    expect(screen.getByRole('alert').textContent).toContain('Server error, response is null');
    expect(screen.getByRole('status').textContent).toBe('You will be taken to the home page in 3 seconds.');
    act(() => vi.advanceTimersByTime(3000));
    expect(landed().textContent).toBe('/');
  });

  it("opening 'More Info' keeps the user here: the help-desk details must stay readable", () => {
    portalStore.set(errorMessageAtom, 'Server error, response is null');
    renderScreen(<NotFound />, { path: '/not-found' });
    fireEvent.click(screen.getByRole('button', { name: 'More Info' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a mistyped address waits for the user', () => {
    renderScreen(<NotFound />, { path: '/nowhere' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
