import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { switchBackAfterEach, switchLanguage } from '@portal/shared/test-support/language';
import { renderScreen } from '@portal/shared/test-support/render';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecoveryCodesSection } from '../src/recoveryCodes/RecoveryCodesSection';
import { SERVICE, signedIn } from './session';

// A message the page keeps (the banner after a failed call) is said again in the language the
// user switches to, not left in the one it was raised in (issue 26).

switchBackAfterEach();

describe('recovery codes after a language switch', () => {
  it('the banner after a failed new set is in the new language', async () => {
    signedIn();
    fakeServer({ base: SERVICE })
      .on('GET', 'factor/v1/MeRecoveryCodes', { json: { remaining: 0, createdDatetime: null } })
      .on('POST', 'factor/v1/MeRecoveryCodes', { networkError: true });
    renderScreen(<RecoveryCodesSection />, { path: '/self-service' });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate recovery codes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The server could not be reached.');

    await switchLanguage('fr-FR');

    expect(screen.getByRole('alert').textContent).toContain('Le serveur est injoignable.');
  });
});
