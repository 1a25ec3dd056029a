import { localeAtom, messages } from '@portal/shared/words';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { LanguagePicker } from '../src/shell/LanguagePicker';

function renderPicker() {
  const store = createStore();
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
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'עברית' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(document.cookie).toContain('portal-locale=he');
    expect(store.get(localeAtom)).toBe('he');
    expect(document.documentElement.getAttribute('lang')).toBe('he');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('button', { name: /:/ }).textContent).toContain('עברית');
  });
});
