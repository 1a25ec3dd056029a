import type { Credential } from '@portal/shared/api/schemas';
import { DISPLAY_TEXT_LIMIT } from '@portal/shared/display/boundedText';
import { userTokenAtom } from '@portal/shared/session/atoms';
import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { ManageCredentials } from '../src/credentials/ManageCredentials';
import type { CredentialCalls } from '../src/credentials/useCredentials';
import { Welcome } from '../src/welcome/Welcome';
import { ok, renderScreen } from './render';

/** A 1 MB name, as a broken or hostile reply could carry. */
const huge = 'N'.repeat(1024 * 1024);
const shown = `${'N'.repeat(DISPLAY_TEXT_LIMIT)}…`;

describe('server names are shown bounded', () => {
  it("Welcome: 'Hello, {name}' shows at most the limit of a 1 MB name and an ellipsis", async () => {
    const store = createStore();
    store.set(userTokenAtom, 'token');
    renderScreen(<Welcome getUserInfo={async () => ok({ name: huge })} />, { store, path: '/welcome' });
    const heading = await screen.findByRole('heading', { name: `Hello, ${shown}` });
    expect(heading.textContent).toBe(`Hello, ${shown}`);
    expect((heading.getAttribute('title') ?? '').length).toBeLessThanOrEqual(1025);
  });

  it('Manage Credentials: a 1 MB credential value and type name are shown bounded', async () => {
    const credential: Credential = { credId: 'x1', credType: huge, credValue: huge, status: 'ACTIVE' };
    const calls = { listCredentials: vi.fn(async () => ok([credential])) };
    renderScreen(<ManageCredentials calls={calls as unknown as CredentialCalls} />, {
      path: '/self-service',
    });
    const [item] = await screen.findAllByRole('listitem');
    if (!item) throw new Error('no credential shown');
    expect(within(item).getByRole('heading').textContent).toBe(shown);
    expect(within(item).getByText(shown, { selector: '.portal-credential__value' })).toBeTruthy();
    expect(item.textContent?.length ?? 0).toBeLessThan(2000);
  });
});
