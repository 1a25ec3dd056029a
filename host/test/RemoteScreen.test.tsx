import { portalStore } from '@portal/shared/session';
import { localeAtom } from '@portal/shared/words';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RemoteScreen } from '../src/federation/RemoteScreen';

/** A screen with state of its own: what a user did on it (an open dialog, a typed value). */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {`Pressed ${count} times`}
    </button>
  );
}

// The remote's code arrives when asked (not preloaded): the screen is first rendered lazily.
vi.mock('../src/federation/loadScreen', () => ({
  loadScreen: async () => ({ default: Counter }),
}));

describe('a remote screen across a language switch', () => {
  it('keeps its state: the screen is rendered again in the new words, not mounted afresh', async () => {
    render(
      <Provider store={portalStore}>
        <MemoryRouter>
          <RemoteScreen remote="remote_help" expose="./Counter" />
        </MemoryRouter>
      </Provider>,
    );
    const button = await screen.findByRole('button', { name: 'Pressed 0 times' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button.textContent).toBe('Pressed 2 times');

    act(() => portalStore.set(localeAtom, 'fr-FR'));

    expect(screen.getByRole('button').textContent).toBe('Pressed 2 times');
  });
});
