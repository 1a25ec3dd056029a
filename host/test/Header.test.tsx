import { themeBrandAtom } from '@portal/shared/config';
import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Header } from '../src/shell/Header';

function renderHeader(theme: { productName?: string; logoUrl?: string } = {}) {
  const store = createStore();
  store.set(themeBrandAtom, theme);
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </Provider>,
  );
}

describe('the header', () => {
  it("shows the kernel's product name without a theme, and no logo", () => {
    const { container } = renderHeader();
    expect(screen.getByRole('button', { name: 'Authentication Hub' })).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it("shows the theme's name and logo; the logo beside the name it repeats is not read twice", () => {
    const { container } = renderHeader({
      productName: 'Fernbrook Bank',
      logoUrl: '/theme/logo.0123456789abcdef.svg',
    });
    // The spec's "the header shows the product name": the button's name is the product's, once.
    const button = screen.getByRole('button', { name: 'Fernbrook Bank' });
    const logo = container.querySelector('img');
    expect(logo?.getAttribute('src')).toBe('/theme/logo.0123456789abcdef.svg');
    expect(logo?.getAttribute('alt')).toBe('');
    expect(button.contains(logo)).toBe(true);
    expect(logo?.getAttribute('width')).toBe(logo?.getAttribute('height'));
  });
});
