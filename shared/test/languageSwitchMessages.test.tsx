import { ErrorBanner, useLocalisedServerCall } from '@portal/shared/ui';
import { OtpInput, type OtpInputHandle } from '@portal/shared/ui/codes';
import { fireEvent, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { api } from '../src/api/client';
import { fakeServer } from '../test-support/fakeServer';
import { switchBackAfterEach, switchLanguage } from '../test-support/language';
import { renderScreen } from '../test-support/render';

// A message the page keeps (a failed call's banner, a field's message) is said again in the
// language the user switches to, not left in the one it was raised in (issue 26).

switchBackAfterEach();

/** A screen that makes a call and shows its failure in the banner, as every screen does. */
function CallingScreen() {
  const { error, run } = useLocalisedServerCall();
  return (
    <>
      {error ? <ErrorBanner message={error} moreInfo={false} /> : null}
      <button
        type="button"
        onClick={() =>
          void run(
            (signal) => api.getClientToken({ signal }),
            () => {},
          )
        }
      >
        Call
      </button>
    </>
  );
}

describe('a kept message after a language switch', () => {
  it("a failed call's banner (the catalogue's words) is shown in the new language", async () => {
    fakeServer().on('GET', /client-token|token/, { networkError: true });
    renderScreen(<CallingScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unexpected error, please try again.');

    await switchLanguage('fr-FR');

    expect(screen.getByRole('alert').textContent).toBe('Erreur inattendue, veuillez réessayer.');
  });

  it("the server's own words stay as it sent them, isolated", async () => {
    fakeServer().on('GET', /token/, { status: 500, json: { errorMessage: 'Wartungsarbeiten bis 14 Uhr' } });
    renderScreen(<CallingScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wartungsarbeiten bis 14 Uhr');

    await switchLanguage('ar');

    expect(screen.getByRole('alert').textContent).toBe('Wartungsarbeiten bis 14 Uhr');
    expect(screen.getByRole('alert').querySelector('bdi')?.textContent).toBe('Wartungsarbeiten bis 14 Uhr');
  });

  it("the code boxes' own message (a letter typed) is shown in the new language", async () => {
    renderScreen(<OtpInput />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Digit 1 of 6' }), { target: { value: 'a' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Invalid character. Only numbers are accepted as input.',
    );

    await switchLanguage('fr-FR');

    expect(screen.getByRole('alert').textContent).toBe(
      'Caractère non valide. Seuls les chiffres sont acceptés.',
    );
  });

  it("the code boxes' length message, checked on submit, is shown in the new language", async () => {
    function Form() {
      const boxes = useRef<OtpInputHandle>(null);
      return (
        <>
          <OtpInput ref={boxes} />
          <button type="button" onClick={() => boxes.current?.validate()}>
            Check
          </button>
        </>
      );
    }
    renderScreen(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert').textContent).toBe('Security code must be 6 digits long.');

    await switchLanguage('fr-FR');

    expect(screen.getByRole('alert').textContent).toBe('Le code de sécurité doit comporter 6 chiffres.');
  });
});
