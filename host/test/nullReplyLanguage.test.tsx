import { applyNextAction } from '@portal/shared/flow';
import { portalStore } from '@portal/shared/session';
import { switchBackAfterEach, switchLanguage } from '@portal/shared/test-support/language';
import { renderScreen } from '@portal/shared/test-support/render';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotFound } from '../src/shell/NotFound';

// The null reply's message, kept for Page Not Found, is said again in the language the user
// switches to (issue 26), not left in the one the reply came in.

switchBackAfterEach();

describe('Page Not Found after a null reply, across a language switch', () => {
  it('shows the message in the new language', async () => {
    const navigate = vi.fn();
    await act(() => applyNextAction(null, { store: portalStore, navigate, api: { getUserToken: vi.fn() } }));
    expect(navigate).toHaveBeenCalled();
    renderScreen(<NotFound />, { path: '/not-found' });
    expect(screen.getByRole('alert').textContent).toContain('Server error, response is null');

    await switchLanguage('fr-FR');

    expect(screen.getByRole('alert').textContent).toContain('Erreur serveur, la réponse est vide');
  });
});
