import { contributionsAtom } from '@portal/shared/contributions';
import { portalStore } from '@portal/shared/session';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { PortalRouter } from '../src/router';
import {
  CONTRIBUTIONS_URL,
  contributionsLoadAtom,
  loadContributions,
  takePageContributions,
} from '../src/startup/contributions';
import { contributions } from './contributionsFixture';

const reply = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('contributions at start-up', () => {
  it("takes the page's contributions when they parse", () => {
    expect(takePageContributions(portalStore, contributions)).toBe(true);
    expect(portalStore.get(contributionsAtom)).toEqual(contributions);
    expect(portalStore.get(contributionsLoadAtom)).toBe('ready');
  });

  it('leaves missing or broken ones to the fetch', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(takePageContributions(portalStore, undefined)).toBe(false);
    expect(takePageContributions(portalStore, { ...contributions, version: 2 })).toBe(false);
    expect(portalStore.get(contributionsAtom).routes).toEqual([]);
  });

  it(`fetches ${CONTRIBUTIONS_URL} without them`, async () => {
    const fetchImpl = reply(200, contributions);
    await loadContributions(portalStore, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith(
      `${CONTRIBUTIONS_URL}?ui_locales=en-US`,
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(portalStore.get(contributionsAtom)).toEqual(contributions);
  });

  it('when neither works: the shell’s error with Retry, which fetches again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadContributions(portalStore, reply(503, {}));
    expect(portalStore.get(contributionsLoadAtom)).toBe('failed');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(contributions)));
    // At the landing address, whatever address an earlier file in this window left behind.
    window.history.replaceState(null, '', '/');
    render(
      <Provider store={portalStore}>
        <PortalRouter />
      </Provider>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Legal and help' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(fetchSpy).toHaveBeenCalledWith(`${CONTRIBUTIONS_URL}?ui_locales=en-US`, expect.anything());
    expect(portalStore.get(contributionsLoadAtom)).toBe('ready');
    // The shell's own error is gone (what the landing screen shows next is the federation's
    // business, and depends on the remotes an earlier file in this window configured).
    expect(document.querySelector('[data-failed-remote="contributions"]')).toBeNull();
  });
});
