import { contributionsAtom } from '@portal/shared/contributions';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { CONTRIBUTIONS_URL, refreshContributedWords } from '../src/startup/contributions';
import { contributions } from './contributionsFixture';

const reply = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('the contributed words after a change of language', () => {
  it('takes the titles and labels in the new words, and nothing else', async () => {
    const store = createStore();
    store.set(contributionsAtom, contributions);
    const french = {
      ...contributions,
      routes: contributions.routes.map((route) =>
        route.path === '/direct' ? { ...route, title: 'Connexion' } : route,
      ),
      // The server's answer is only read for words: a route it no longer lists stays.
      links: contributions.links.map((link) => ({ ...link, label: `${link.label} (fr)` })),
    };
    french.routes = french.routes.filter((route) => route.path !== '/');
    await refreshContributedWords(store, reply(200, french));
    const now = store.get(contributionsAtom);
    expect(now.routes.map((route) => route.path)).toEqual(contributions.routes.map((route) => route.path));
    expect(now.routes.find((route) => route.path === '/direct')?.title).toBe('Connexion');
    expect(now.routes.find((route) => route.path === '/')?.title).toBe('A Better Login Experience');
    expect(now.links.map((link) => link.label)).toEqual(
      contributions.links.map((link) => `${link.label} (fr)`),
    );
    expect(now.nextActions).toEqual(contributions.nextActions);
  });

  it('keeps the words it had when the server does not answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createStore();
    store.set(contributionsAtom, contributions);
    await refreshContributedWords(store, reply(503, {}));
    expect(store.get(contributionsAtom)).toEqual(contributions);
  });

  it("asks for them in the page's active locale (the server takes ui_locales first)", async () => {
    const store = createStore();
    store.set(contributionsAtom, contributions);
    const fetchImpl = reply(200, contributions);
    await refreshContributedWords(store, fetchImpl, 'fr-CA');
    expect(fetchImpl).toHaveBeenCalledWith(`${CONTRIBUTIONS_URL}?ui_locales=fr-CA`, expect.anything());
  });
});
