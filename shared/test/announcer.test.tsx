import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { announce } from '../src/a11y/announce';
import { portalStore } from '../src/session/store';
import { Announcer } from '../src/ui/Announcer';

describe('Announcer', () => {
  it('is one polite region, empty until something is announced; the same words twice are new text', () => {
    render(
      <Provider store={portalStore}>
        <Announcer />
      </Provider>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    act(() => announce(portalStore, 'Credential deleted'));
    const first = region.firstElementChild;
    expect(region.textContent).toBe('Credential deleted');
    act(() => announce(portalStore, 'Credential deleted'));
    expect(region.textContent).toBe('Credential deleted');
    expect(region.firstElementChild).not.toBe(first);
  });
});
