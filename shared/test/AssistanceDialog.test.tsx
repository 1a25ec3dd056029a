import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientTransactionIdAtom, lastTransactionAtom, userNameAtom } from '../src/session/atoms';
import { AssistanceDialog } from '../src/ui/AssistanceDialog';
import { ErrorBanner } from '../src/ui/ErrorBanner';

let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.useRealTimers());

function withStore(children: ReactNode, fill = true) {
  const store = createStore();
  if (fill) {
    store.set(lastTransactionAtom, new Date('2026-11-22T00:00:00.000Z'));
    store.set(clientTransactionIdAtom, '6f1c2a1e-8d4b-4c3a-9b2e-1f0a2b3c4d5e');
    store.set(userNameAtom, 'ann.smith');
  }
  return <Provider store={store}>{children}</Provider>;
}

function Harness({ disableClose = false }: { disableClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <AssistanceDialog open={open} onClose={() => setOpen(false)} disableClose={disableClose} />
    </>
  );
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('AssistanceDialog', () => {
  it('shows the title, the instructions and each detail that is present', () => {
    render(withStore(<Harness />));
    openDialog();
    expect(dialog().open).toBe(true);
    expect(screen.getByRole('heading', { name: 'Login Assistance Information' })).toBeTruthy();
    expect(dialog().textContent).toContain('copy the information below and send it to the help desk');
    expect(dialog().textContent).toContain('2026-11-22T00:00:00.000Z');
    expect(dialog().textContent).toContain('6f1c2a1e-8d4b-4c3a-9b2e-1f0a2b3c4d5e');
    expect(dialog().textContent).toContain('ann.smith');
  });

  it('leaves out details that are absent', () => {
    render(withStore(<Harness />, false));
    openDialog();
    expect(dialog().querySelector('dl')).toBeNull();
  });

  it('copies, then keeps Copy to Clipboard disabled for 1 second', async () => {
    render(withStore(<Harness />));
    openDialog();
    const copy = screen.getByRole('button', { name: 'Copy to Clipboard' }) as HTMLButtonElement;
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(
      'Timestamp: 2026-11-22T00:00:00.000Z\nClient Transaction ID: 6f1c2a1e-8d4b-4c3a-9b2e-1f0a2b3c4d5e\nUser: ann.smith',
    );
    expect(copy.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(copy.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(copy.disabled).toBe(false);
  });

  it('Close closes it (after its 75 ms animation, at the latest 175 ms) and focus returns to the opener', () => {
    render(withStore(<Harness />));
    const opener = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog().dataset.phase).toBe('closing');
    act(() => vi.advanceTimersByTime(175));
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('Escape and a backdrop click close it', () => {
    render(withStore(<Harness />));
    openDialog();
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    act(() => vi.advanceTimersByTime(175));
    expect(dialog().open).toBe(false);
    openDialog();
    fireEvent.click(dialog());
    act(() => vi.advanceTimersByTime(175));
    expect(dialog().open).toBe(false);
  });

  it('a click inside the content does not close it', () => {
    render(withStore(<Harness />));
    openDialog();
    fireEvent.click(screen.getByRole('heading', { name: 'Login Assistance Information' }));
    expect(dialog().open).toBe(true);
  });

  it('with disableClose, Escape and the backdrop do not close it', () => {
    render(withStore(<Harness disableClose />));
    openDialog();
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog(), cancel);
    expect(cancel.defaultPrevented).toBe(true);
    fireEvent.click(dialog());
    expect(dialog().open).toBe(true);
  });
});

describe('ErrorBanner', () => {
  it('shows the default message and More Info, which opens the assistance dialog', () => {
    render(withStore(<ErrorBanner />));
    expect(screen.getByRole('alert').textContent).toContain(
      'Unable to handle the request. Please try again later.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'More Info' }));
    expect(dialog().open).toBe(true);
  });
  it('renders a server message as text, with extra actions, and can hide More Info', () => {
    render(
      withStore(
        <ErrorBanner message="<img src=x onerror=alert(1)>" moreInfo={false}>
          <button type="button">Retry</button>
        </ErrorBanner>,
      ),
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'More Info' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
