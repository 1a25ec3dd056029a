import type { AuthReply } from '@portal/shared/transport';
import { selectionLevelAtom, portalStore } from '@portal/shared/session';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FactorSelectionScreen } from '../src/factorSelection/FactorSelectionScreen';
import { compactRecoveryCode, recoveryCodeProblem } from '../src/recoveryCode/recoveryCode';
import { RecoveryCodeScreen } from '../src/recoveryCode/RecoveryCodeScreen';
import { factorSession, renderAt, stubServer } from './harness';

const opening: AuthReply = {
  nextaction: 'RECOVERYCODE_AUTH',
  flowState: 'flow-1',
  userName: 'rory.recovery',
  currentFactors: ['RECOVERYCODE'],
  additional: { currentFactorLevel: 2 },
};
const location = () => screen.getByTestId('location').textContent;
const field = () => screen.getByLabelText('Enter one of your recovery codes') as HTMLInputElement;

/** As after factor selection offered the recovery code at this level (so More Options shows). */
function show() {
  factorSession(opening, { userName: 'rory.recovery' });
  portalStore.set(selectionLevelAtom, '2');
  renderAt(<RecoveryCodeScreen />, '/recovery-code');
}

function submitCode(code: string) {
  fireEvent.change(field(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('recovery code rules', () => {
  it('reads a code as people type it', () => {
    expect(compactRecoveryCode(' 7k3mz-9qh2d ')).toBe('7K3MZ9QH2D');
    expect(recoveryCodeProblem('')).toBe('Enter a recovery code.');
    expect(recoveryCodeProblem('7K3MZ')).toBe('A recovery code has 10 letters and digits.');
    expect(recoveryCodeProblem('7K3MZ!9QH2')).toBe('A recovery code has 10 letters and digits.');
    expect(recoveryCodeProblem('7k3mz 9qh2d')).toBeNull();
  });
});

describe('recovery code screen', () => {
  it('asks for a code in a field the browser neither fills nor keeps, with More Options', () => {
    show();
    expect(screen.getByRole('heading', { name: 'Recovery code' })).toBeTruthy();
    expect(field().getAttribute('autocomplete')).toBe('off');
    expect(field().type).toBe('text');
    expect(field().getAttribute('aria-describedby')).toContain(
      screen.getByText('Each code works once. Spaces and hyphens do not matter.').id,
    );
    expect(screen.getByRole('button', { name: 'More Options' })).toBeTruthy();
  });

  it('checks the code before sending it', () => {
    const calls = stubServer({});
    show();
    submitCode('12345');
    expect(screen.getByRole('alert').textContent).toBe('A recovery code has 10 letters and digits.');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('sends the code as typed and routes the reply', async () => {
    const calls = stubServer({
      'factor/v1/RecoveryCodeAuthenticator': [{ body: { nextaction: 'AUTH_ALLOWED', access_token: 'user' } }],
    });
    show();
    submitCode('7k3mz-9qh2d');
    await waitFor(() => expect(location()).toBe('/welcome'));
    expect(calls[0]?.body).toEqual({ code: '7k3mz-9qh2d' });
  });

  it('says a refused code is not valid or used, and clears the field for the next one', async () => {
    stubServer({
      'factor/v1/RecoveryCodeAuthenticator': [
        { status: 401, body: { errorCode: '8800023', errorMessage: 'Invalid recovery code' } },
      ],
    });
    show();
    submitCode('7K3MZ9QH2D');
    expect(await screen.findByText('That recovery code is not valid or has already been used.')).toBeTruthy();
    expect(field().value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(location()).toBe('/recovery-code');
  });

  it('says when too many wrong codes locked the user out', async () => {
    stubServer({
      'factor/v1/RecoveryCodeAuthenticator': [
        { status: 403, body: { errorCode: '8800024', errorMessage: 'Too many wrong recovery codes' } },
      ],
    });
    show();
    submitCode('7K3MZ9QH2D');
    expect(
      await screen.findByText('Too many wrong recovery codes. Try again later or contact the help desk.'),
    ).toBeTruthy();
  });
});

describe('recovery codes on factor selection', () => {
  it('offers the contributed factor and opens its screen on RECOVERYCODE_AUTH', async () => {
    const selection: AuthReply = {
      nextaction: 'FACTOR_SELECTION',
      flowState: 'flow-1',
      userName: 'rory.recovery',
      currentFactors: ['SMSOTP', 'RECOVERYCODE'],
    };
    stubServer({ 'auth/v1/SelectedFactor': [{ body: { ...opening } }] });
    factorSession(selection, { userName: 'rory.recovery' });
    renderAt(<FactorSelectionScreen />, '/factorselection');
    fireEvent.click(screen.getByRole('radio', { name: 'Recovery code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(location()).toBe('/recovery-code'));
  });
});
