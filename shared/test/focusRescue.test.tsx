import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusRescue } from '../src/a11y/useFocusRescue';

/** A screen whose first step is a button that gives way to a message, or that is disabled for a while. */
function Steps({ disableInstead = false }: { disableInstead?: boolean }) {
  const root = useRef<HTMLElement>(null);
  useFocusRescue(root);
  const [done, setDone] = useState(false);
  return (
    <section ref={root}>
      <h1>Push registration</h1>
      {disableInstead || !done ? (
        <button type="button" disabled={done} onClick={() => setDone(true)}>
          Register
        </button>
      ) : (
        <p>Approve the registration request</p>
      )}
    </section>
  );
}

describe('useFocusRescue', () => {
  it('a step that removes the focused control puts focus on the heading, not <body>', () => {
    render(<Steps />);
    const button = screen.getByRole('button', { name: 'Register' });
    act(() => button.focus());
    fireEvent.click(button);
    const heading = screen.getByRole('heading', { name: 'Push registration' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('also when the control lost focus first, disabled while its call ran', () => {
    const { rerender } = render(<Steps disableInstead />);
    const button = screen.getByRole('button', { name: 'Register' });
    act(() => button.focus());
    fireEvent.click(button);
    // As a browser does with a disabled control: focus falls to <body>.
    act(() => button.blur());
    rerender(<Steps />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Push registration' }));
  });

  it('leaves focus alone when the control is only disabled', () => {
    render(<Steps disableInstead />);
    const button = screen.getByRole('button', { name: 'Register' });
    act(() => button.focus());
    fireEvent.click(button);
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Push registration' }));
  });

  it('does nothing when focus was not in the screen', () => {
    render(<Steps />);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(document.activeElement).toBe(document.body);
  });
});
