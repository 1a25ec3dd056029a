import { switchBackAfterEach, switchLanguage } from '@portal/shared/test-support/language';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/paths';
import { TokenCodeScreen } from '../src/tokenCode/TokenCodeScreen';
import { factorSession, renderAt, stubServer, tokenCodeOpening } from './harness';

// A message the screen keeps (the banner after the server's reply, the field's own message) is
// said again in the language the user switches to, not left in the one it was raised in (issue 26).

switchBackAfterEach();

const opening = tokenCodeOpening;

function show() {
  factorSession(opening, { userName: 'sid.securid' });
  renderAt(<TokenCodeScreen />, paths.securid);
}

describe('the token code screen after a language switch', () => {
  it('the banner for a refused passcode is in the new language', async () => {
    stubServer({
      'factor/v1/CustomAuthenticator': [{ body: { nextaction: 'CUSTOM_AUTH', data: { status: 'Reject' } } }],
    });
    show();
    fireEvent.change(screen.getByLabelText('Enter your pin and passcode'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid pin+code entered')).toBeTruthy();

    await switchLanguage('fr-FR');

    expect(screen.getByText('Code PIN ou code saisi non valide')).toBeTruthy();
    expect(screen.queryByText('Invalid pin+code entered')).toBeNull();
  });

  it("the field's message is in the new language", async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Passcode (PIN + Token) is required.')).toBeTruthy();

    await switchLanguage('fr-FR');

    expect(screen.getByText('Le code d’accès (PIN + jeton) est obligatoire.')).toBeTruthy();
  });
});
