import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../src/ui/Dialog';

// The one modal dialog: spec section 9's timings (open 150 ms, close 75 ms with the +100 ms
// fallback timer, backdrop removed at 500 ms, max width 80vw), reduced motion, focus.

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Harness({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onDismiss={() => setOpen(false)} dismissible={dismissible} aria-label="Question">
        <p>Sure?</p>
        <button type="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </Dialog>
    </>
  );
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;
const backdrop = () => document.querySelector<HTMLElement>('.portal-dialog-backdrop');
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const animationEnd = (element: Element) => fireEvent.animationEnd(element);

function open() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}
const close = () => fireEvent.click(screen.getByRole('button', { name: 'Close' }));

describe('Dialog timings', () => {
  it('opens at once, animating for 150 ms (its phase ends with the animation, or 100 ms later)', () => {
    render(<Harness />);
    open();
    expect(dialog().open).toBe(true);
    expect(dialog().dataset.phase).toBe('opening');
    expect(dialog().style.getPropertyValue('--portal-dialog-open-ms')).toBe('150ms');
    wait(249);
    expect(dialog().dataset.phase).toBe('opening');
    wait(1);
    expect(dialog().dataset.phase).toBe('open');
  });

  it('the end of the opening animation ends the phase', () => {
    render(<Harness />);
    open();
    animationEnd(dialog());
    expect(dialog().dataset.phase).toBe('open');
  });

  it('closes with a 75 ms animation and for sure at 175 ms when no animationend arrives', () => {
    render(<Harness />);
    open();
    close();
    expect(dialog().dataset.phase).toBe('closing');
    expect(dialog().style.getPropertyValue('--portal-dialog-close-ms')).toBe('75ms');
    wait(174);
    expect(dialog().open).toBe(true);
    wait(1);
    expect(dialog().open).toBe(false);
    expect(dialog().dataset.phase).toBe('closed');
  });

  it('closes as soon as the closing animation ends', () => {
    render(<Harness />);
    open();
    close();
    animationEnd(dialog());
    expect(dialog().open).toBe(false);
  });

  it("a child's animation does not end the dialog's phase", () => {
    render(<Harness />);
    open();
    close();
    animationEnd(screen.getByText('Sure?'));
    expect(dialog().open).toBe(true);
  });

  it('removes the backdrop 500 ms after the close began, or when its fade ends', () => {
    render(<Harness />);
    open();
    expect(backdrop()?.dataset.phase).toBe('showing');
    close();
    expect(backdrop()?.dataset.phase).toBe('leaving');
    wait(499);
    expect(backdrop()).not.toBeNull();
    wait(1);
    expect(backdrop()).toBeNull();

    open();
    close();
    animationEnd(backdrop() as HTMLElement);
    expect(backdrop()).toBeNull();
  });

  it('is at most 80vw wide', () => {
    render(<Harness />);
    expect(dialog().style.maxWidth).toBe('80vw');
  });

  it('opened again while closing, it stays open', () => {
    render(<Harness />);
    open();
    close();
    wait(50);
    open();
    wait(500);
    expect(dialog().open).toBe(true);
    expect(dialog().dataset.phase).toBe('open');
    expect(backdrop()?.dataset.phase).toBe('showing');
  });
});

describe('Dialog with reduced motion', () => {
  it('has the same phases with no waiting: open, then closed and the backdrop gone at once', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query })),
    );
    render(<Harness />);
    const opener = open();
    expect(dialog().dataset.phase).toBe('open');
    close();
    expect(dialog().open).toBe(false);
    expect(backdrop()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('Dialog dismissal and focus', () => {
  it('Escape and the backdrop dismiss it; focus returns to the opener once closed', () => {
    render(<Harness />);
    const opener = open();
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog(), cancel);
    expect(cancel.defaultPrevented).toBe(true);
    wait(175);
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(opener);
    open();
    fireEvent.click(dialog());
    wait(175);
    expect(dialog().open).toBe(false);
  });

  it('not dismissible: Escape and the backdrop do nothing', () => {
    render(<Harness dismissible={false} />);
    open();
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    fireEvent.click(dialog());
    wait(500);
    expect(dialog().open).toBe(true);
  });

  it('closed by the browser itself, it is dismissed and cleaned up', () => {
    render(<Harness />);
    open();
    act(() => {
      dialog().close();
      fireEvent(dialog(), new Event('close'));
    });
    expect(dialog().dataset.phase).toBe('closed');
    expect(backdrop()).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
  });
});
