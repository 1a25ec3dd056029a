import { COPY_REENABLE_MS } from '@portal/shared/config';
import {
  clientTransactionIdAtom,
  lastTransactionAtom,
  loginNameAtom,
  userNameAtom,
  portalStore,
} from '@portal/shared/session';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import HelpScreen from '../src/exposes/Help';
import { HelpPage } from '../src/help/HelpPage';
import { renderScreen, testConfig } from './renderWithConfig';

function phoneRows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      within(row).getByRole('cell').textContent,
    ]);
}

describe('Login Assistance page, clients', () => {
  it('shows the title, client hours, the five client regions in the spec order with configured numbers', () => {
    renderScreen(<HelpPage />, { config: testConfig('clients') });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login Assistance');
    expect(screen.getByText('Client support hours: Sunday 8 pm to Friday 8 pm Eastern.')).toBeTruthy();
    expect(screen.queryByText(/24\/7/)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Contact the Client Service Center' })).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Client Service Center telephone numbers by region' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => [h.textContent, h.getAttribute('scope')])).toEqual([
      ['Region', 'col'],
      ['Telephone number', 'col'],
    ]);
    expect(phoneRows()).toEqual([
      ['Asia Pacific Toll Free', '+800 1111 0101'],
      ['Asia Pacific', '+65 1111 0102'],
      ['Europe', '+44 20 1111 0103'],
      ['US Toll Free', '+1 800 111 0104'],
      ['US', '+1 (212) 555-0105'],
    ]);
    for (const header of within(table).getAllByRole('rowheader'))
      expect(header.getAttribute('scope')).toBe('row');
    expect(screen.getByRole('link', { name: '+1 (212) 555-0105' }).getAttribute('href')).toBe(
      'tel:+12125550105',
    );
    // Left to right in every language: '+1 (212) 555-0105' never turns around on a right-to-left page.
    for (const link of within(table).getAllByRole('link')) expect(link.getAttribute('dir')).toBe('ltr');
  });

  it('offers the configured support e-mail for unlocking accounts', () => {
    renderScreen(<HelpPage />, { config: testConfig('clients') });
    const section = screen.getByRole('region', { name: 'Unlock your account' });
    const link = within(section).getByRole('link', { name: 'unlock-test@example.org' });
    expect(link.getAttribute('href')).toBe('mailto:unlock-test@example.org');
    // On a narrow screen it may break after its '@' (a <wbr>), and its text stays the address.
    expect(link.innerHTML).toBe('unlock-test@<wbr>example.org');
  });

  it('shows the client content file’s sections', () => {
    renderScreen(<HelpPage />, { config: testConfig('clients') });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Contact the Client Service Center',
      'Unlock your account',
      'Troubleshooting information',
      'Before you contact us',
      'Protect your account',
    ]);
    expect(screen.getByText(/Client Service Center is here to help/)).toBeTruthy();
  });

  it('takes numbers only from configuration: a region without a number says so', () => {
    const config = testConfig('clients');
    config.support.phones.clients = [{ region: 'Europe', number: '+44 20 9999 0000' }];
    renderScreen(<HelpPage />, { config });
    expect(phoneRows()).toEqual([
      ['Asia Pacific Toll Free', 'Not available'],
      ['Asia Pacific', 'Not available'],
      ['Europe', '+44 20 9999 0000'],
      ['US Toll Free', 'Not available'],
      ['US', 'Not available'],
    ]);
    expect(screen.queryByText('+1 (212) 555-0105')).toBeNull();
  });

  it('leaves out the e-mail section when no support e-mail is configured', () => {
    const config = testConfig('clients');
    config.support.email = '';
    renderScreen(<HelpPage />, { config });
    expect(screen.queryByRole('heading', { name: 'Unlock your account' })).toBeNull();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });
});

describe('Login Assistance page, employees', () => {
  it('shows 24/7 hours, the three employee regions with configured numbers, and the employee texts', () => {
    renderScreen(<HelpPage />, { config: testConfig('employees') });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login Assistance');
    expect(screen.getByText('Employee support hours: 24/7.')).toBeTruthy();
    expect(screen.queryByText(/Sunday 8 pm/)).toBeNull();
    expect(screen.getByRole('table', { name: 'Service Desk telephone numbers by region' })).toBeTruthy();
    expect(phoneRows()).toEqual([
      ['Asia Pacific', '+65 2222 0201'],
      ['Europe', '+44 20 2222 0202'],
      ['US Toll Free', '+1 800 222 0203'],
    ]);
    expect(screen.queryByText('+1 (212) 555-0105')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Contact the Service Desk' })).toBeTruthy();
    expect(screen.getByText(/corporate mailbox/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'unlock-test@example.org' }).getAttribute('href')).toBe(
      'mailto:unlock-test@example.org',
    );
  });
});

describe('troubleshoot box', () => {
  let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

  beforeEach(() => {
    writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  function lines() {
    const box = screen.getByRole('region', { name: 'Troubleshooting information' });
    return within(box)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  }

  it('shows timestamp, transaction id and user from the session, and copies exactly those lines', async () => {
    vi.useFakeTimers();
    const store = portalStore;
    store.set(lastTransactionAtom, new Date('2026-11-21T23:59:58.123Z'));
    store.set(clientTransactionIdAtom, '0b6a1c1e-7d2f-4c55-9a1e-3f1c2d4e5f60');
    store.set(userNameAtom, 'jdoe');
    renderScreen(<HelpPage />, { config: testConfig('clients') });

    expect(lines()).toEqual([
      'Timestamp: 2026-11-21T23:59:58.123Z',
      'Client Transaction ID: 0b6a1c1e-7d2f-4c55-9a1e-3f1c2d4e5f60',
      'User: jdoe',
    ]);

    const button = screen.getByRole('button', { name: 'Copy to Clipboard' });
    expect(screen.getByRole('status').textContent).toBe('');
    await act(async () => {
      fireEvent.click(button);
    });

    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith(
      'Timestamp: 2026-11-21T23:59:58.123Z\nClient Transaction ID: 0b6a1c1e-7d2f-4c55-9a1e-3f1c2d4e5f60\nUser: jdoe',
    );
    expect(button.textContent).toBe('Copied!');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Copied!');

    // While it shows 'Copied!', another click copies nothing.
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(COPY_REENABLE_MS - 1));
    expect(button.textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(button.textContent).toBe('Copy to Clipboard');
    expect(button.getAttribute('aria-disabled')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('');

    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it('without a session shows only the time the page was opened, and copies that', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-22T00:30:00.000Z'));
    renderScreen(<HelpPage />, { config: testConfig('employees') });

    expect(lines()).toEqual(['Timestamp: 2026-11-22T00:30:00.000Z']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
    });
    expect(writeText).toHaveBeenCalledWith('Timestamp: 2026-11-22T00:30:00.000Z');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
  });

  it('shows the User ID as typed when the server has not named the user yet', () => {
    const store = portalStore;
    store.set(loginNameAtom, 'typed.user');
    renderScreen(<HelpPage />, { config: testConfig('clients') });
    expect(lines()[1]).toBe('User: typed.user');
    act(() => store.set(userNameAtom, 'jdoe'));
    expect(lines()[1]).toBe('User: jdoe');
  });

  it('shows only the facts that are present', () => {
    const store = portalStore;
    store.set(userNameAtom, 'jdoe');
    renderScreen(<HelpPage />, { config: testConfig('clients') });
    expect(lines()).toHaveLength(2);
    expect(lines()[1]).toBe('User: jdoe');
    expect(screen.queryByText(/Client Transaction ID/)).toBeNull();
  });

  it('says so when the browser refuses the clipboard, and never claims Copied!', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderScreen(<HelpPage />, { config: testConfig('clients') });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/did not allow copying/);
    expect(screen.queryByRole('button', { name: 'Copied!' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('Help expose', () => {
  it('renders the page inside the remote root', () => {
    const { container } = renderScreen(<HelpScreen />, { config: testConfig('clients') });
    const root = container.querySelector('[data-remote="remote_help"]');
    expect(root?.querySelector('h1')?.textContent).toBe('Login Assistance');
  });
});
