import { themeBrandAtom } from '@portal/shared/config';
import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Footer } from '../src/shell/Footer';

function renderFooter(theme: { productName?: string } = {}) {
  const store = createStore();
  store.set(themeBrandAtom, theme);
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </Provider>,
  );
}

describe('the footer', () => {
  const year = new Date().getFullYear();

  it("names the portal's own product in the copyright without a theme", () => {
    renderFooter();
    expect(screen.getByText(`© ${year} Authentication Hub. All rights reserved.`)).toBeTruthy();
  });

  it("names the theme's product, as the header does", () => {
    renderFooter({ productName: 'Fernbrook Bank' });
    expect(screen.getByText(`© ${year} Fernbrook Bank. All rights reserved.`)).toBeTruthy();
  });
});
