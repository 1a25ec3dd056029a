import { localeAtom, messages } from '@portal/shared/words';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { LanguagePicker } from '../src/shell/LanguagePicker';
import { offersPseudoLocales, pseudoLocalesOfferedAtom } from '../src/shell/pseudoLocales';

function renderPicker({ environment = {} }: { environment?: unknown } = {}) {
  const store = createStore();
  // What start-up does with the portal server's environment configuration (startSession).
  store.set(pseudoLocalesOfferedAtom, offersPseudoLocales(environment));
  render(
    <Provider store={store}>
      <LanguagePicker label="Language" />
      <p data-testid="words">{messages.shell.logout}</p>
    </Provider>,
  );
  return store;
}

describe('the language picker', () => {
  it('lists every language in its own language and direction, the current one marked', () => {
    renderPicker();
    const toggle = screen.getByRole('button', { name: 'Language: English (United States)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Closed, the list is there for aria-controls but holds no language (none to render at start).
    const closed = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(closed?.hidden).toBe(true);
    expect(closed?.childElementCount).toBe(0);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Language' });
    const hebrew = screen.getByRole('button', { name: 'עברית' });
    expect(list.contains(hebrew)).toBe(true);
    expect(hebrew.getAttribute('lang')).toBe('he');
    expect(hebrew.getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('button', { name: '日本語' }).getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('button', { name: 'English (United States)' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(15);
  });

  it('closes on Escape and gives focus back to its button', () => {
    renderPicker();
    const toggle = screen.getByRole('button', { name: /^Language:/ });
    fireEvent.click(toggle);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Deutsch' }), { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('remembers a choice and turns the page to it, right to left for Hebrew', async () => {
    const store = renderPicker();
    fireEvent.click(screen.getByRole('button', { name: /^Language:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'עברית' }));
    // Applied once the Hebrew catalogues are in: waited for, not timed.
    await waitFor(() => expect(store.get(localeAtom)).toBe('he'));
    expect(document.cookie).toContain('portal-locale=he');
    expect(document.documentElement.getAttribute('lang')).toBe('he');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('button', { name: /:/ }).textContent).toContain('עברית');
  });

  it('offers no pseudo-locale unless the portal server says so', () => {
    for (const environment of [{}, { pseudoLocales: false }, { pseudoLocales: 'true' }]) {
      renderPicker({ environment });
      fireEvent.click(screen.getByRole('button', { name: /^Language:/ }));
      const list = screen.getByRole('list', { name: 'Language' });
      expect(list.querySelector('[lang="en-XA"], [lang="ar-XB"]')).toBeNull();
      expect(screen.getAllByRole('listitem')).toHaveLength(15);
      cleanup();
    }
  });

  it('with pseudoLocales: true, also offers en-XA and ar-XB and applies one without remembering it', async () => {
    const store = renderPicker({
      environment: { baseServiceUrl: 'https://sso.example/', pseudoLocales: true },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Language:/ }));
    expect(screen.getAllByRole('listitem')).toHaveLength(17);
    const rtl = screen.getByRole('button', { name: 'Pseudo RTL' });
    expect(rtl.getAttribute('lang')).toBe('ar-XB');
    expect(rtl.getAttribute('dir')).toBe('rtl');
    fireEvent.click(rtl);
    await waitFor(() => expect(store.get(localeAtom)).toBe('ar-XB'));
    expect(document.documentElement.getAttribute('lang')).toBe('ar-XB');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(document.cookie).not.toContain('portal-locale=ar-XB');
  });
});
