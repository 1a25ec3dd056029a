import type { PortalConfig } from '@portal/shared/config';
import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import AboutAuthHubScreen from '../src/exposes/AboutAuthHub';
import CookiesScreen from '../src/exposes/Cookies';
import SmsTermsScreen from '../src/exposes/SmsTerms';
import { renderScreen, testConfig } from './renderWithConfig';

interface PageCase {
  name: string;
  Screen: ComponentType;
  title: string;
  sections: string[];
  /** Texts that must appear, from the spec, the catalogue or the content file. */
  texts: RegExp[];
}

const pages: PageCase[] = [
  {
    name: '/cookies',
    Screen: CookiesScreen,
    title: 'Cookie Notice',
    sections: ['What cookies are', 'Cookies we use', 'Managing cookies', 'Questions'],
    texts: [/uses only the cookies and browser storage it needs/, /Last updated/],
  },
  {
    name: '/aboutAuthHub',
    Screen: AboutAuthHubScreen,
    title: 'About the Authentication Hub',
    sections: ['Increased security', 'Passwordless authentication', 'Manage your credentials', 'Need help?'],
    texts: [
      /^The Authentication Hub offers increased security and passwordless authentication\.$/,
      /A passkey/,
    ],
  },
  {
    name: '/sms-terms-of-service',
    Screen: SmsTermsScreen,
    title: 'SMS Terms of Service',
    sections: [
      'Program description',
      'Message frequency',
      'Message and data rates',
      'How to stop messages',
      'Help',
      'Delivery',
      'Privacy',
      'Changes to these terms',
    ],
    texts: [/Message and data rates may apply/, /Reply STOP/, /Reply HELP/],
  },
];

const audiences: PortalConfig['audience'][] = ['clients', 'employees'];

describe.each(audiences)('information pages for %s', (audience) => {
  it.each(pages)(
    '$name shows its title, section headings in order and content',
    ({ Screen, title, sections, texts }) => {
      const { container } = renderScreen(<Screen />, { config: testConfig(audience) });
      const h1s = screen.getAllByRole('heading', { level: 1 });
      expect(h1s.map((h) => h.textContent)).toEqual([title]);
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(sections);
      // Every section is a region named by its heading.
      for (const heading of sections) expect(screen.getByRole('region', { name: heading })).toBeTruthy();
      for (const text of texts) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
      expect(container.querySelector('[data-remote="remote_help"]')).not.toBeNull();
      // Only headings h1 and h2: no level is skipped.
      expect(container.querySelectorAll('h3, h4, h5, h6')).toHaveLength(0);
    },
  );
});

describe('cookie notices', () => {
  it('/cookies lists the cookies in a table with a caption and scoped headers', () => {
    renderScreen(<CookiesScreen />, { config: testConfig('clients') });
    const table = screen.getByRole('table', {
      name: 'Cookies and browser storage used by the Authentication Hub',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.getAttribute('scope')),
    ).toEqual(['col', 'col', 'col', 'col']);
    const rowNames = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rowNames).toContain('tdi- followed by a coded value');
    expect(rowNames).toContain('fid- followed by a coded value');
  });

  it('/cookies sits inside the host’s <main>, so it is an article, not a second main', () => {
    renderScreen(<CookiesScreen />, { config: testConfig('clients') });
    expect(screen.queryByRole('main')).toBeNull();
    expect(screen.getByRole('article', { name: 'Cookie Notice' })).toBeTruthy();
  });
});
