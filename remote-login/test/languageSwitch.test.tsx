import { clientTokenAtom, portalStore, serviceUrlAtom, userNameAtom } from '@portal/shared/session';
import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { switchBackAfterEach, switchLanguage } from '@portal/shared/test-support/language';
import { renderScreen } from '@portal/shared/test-support/render';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChangePasswordPage } from '../src/changePassword/ChangePasswordPage';

/** The alerts that say something: a field's error line is an alert too, empty while all is well. */
const spokenAlerts = () => screen.queryAllByRole('alert').filter((alert) => alert.textContent);
const spokenAlert = () =>
  waitFor(() => {
    const [alert] = spokenAlerts();
    if (!alert) throw new Error('no alert says anything');
    return alert;
  });

// A message the page keeps (a field's message, the banner after the server's reply) is said again
// in the language the user switches to, not left in the one it was raised in (issue 26).

switchBackAfterEach();

const SERVICE = 'http://sso.test/default/';

beforeEach(() => {
  portalStore.set(serviceUrlAtom, SERVICE);
  portalStore.set(clientTokenAtom, 'client-token');
  portalStore.set(userNameAtom, 'cat.change');
});

const show = () => renderScreen(<ChangePasswordPage />, { path: '/changePassword' });

describe('change password after a language switch', () => {
  it("the fields' messages are in the new language", async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText('* Field is required.')).toHaveLength(3);

    await switchLanguage('fr-FR');

    expect(screen.getAllByText('* Ce champ est obligatoire.')).toHaveLength(3);
    expect(screen.queryByText('* Field is required.')).toBeNull();
  });

  it('the banner after a refused update is in the new language', async () => {
    fakeServer({ base: SERVICE }).on('PUT', 'factor/v1/MePasswordUpdater', {
      json: { data: { passwordUpdated: false } },
    });
    show();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-Secret1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-Secret2' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-Secret2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await spokenAlert()).textContent).toContain('Password update failed.');

    await switchLanguage('fr-FR');

    expect((await spokenAlert()).textContent).toContain('La mise à jour du mot de passe a échoué.');
  });
});
