import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

  it("finds the product's name in every locale's copyright line, where a theme's replaces it", () => {
    const langDir = path.resolve(import.meta.dirname, '../../shared/lang');
    for (const file of readdirSync(langDir).filter((name) => name.endsWith('.json'))) {
      const words = JSON.parse(readFileSync(path.join(langDir, file), 'utf8')) as Record<string, string>;
      const line = words['shell.footer.copyright'];
      const name = words['shell.productName'];
      // A locale without its own line (en-GB) shows the source's, which names the source's product.
      if (line === undefined) continue;
      expect(name && line.includes(name), `${file}: '${line}' names '${name}'`).toBe(true);
    }
  });
});
