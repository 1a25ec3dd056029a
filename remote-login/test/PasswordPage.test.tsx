import './routing';
import type { AuthReply } from '@portal/shared/transport';
import {
  authStatusAtom,
  clientTokenAtom,
  factorReplyAtom,
  flowStateAtom,
  selectionLevelAtom,
  serviceUrlAtom,
  userNameAtom,
  AuthStatus,
  portalStore,
} from '@portal/shared/session';
import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { landed, renderScreen } from '@portal/shared/test-support/render';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasswordPage } from '../src/password/PasswordPage';

const SERVICE = 'http://sso.test/default/';

/** The password step opened by `reply`, after a factor choice at `selectionLevel` (or none). */
function passwordStep(reply: AuthReply, selectionLevel: string | null = null) {
  portalStore.set(factorReplyAtom, reply);
  portalStore.set(selectionLevelAtom, selectionLevel);
  return renderScreen(<PasswordPage />, { path: '/verify' });
}

beforeEach(() => {
  portalStore.set(serviceUrlAtom, SERVICE);
  portalStore.set(clientTokenAtom, 'client-token');
  portalStore.set(userNameAtom, 'owen.options');
  portalStore.set(flowStateAtom, 'flow-1');
  portalStore.set(authStatusAtom, AuthStatus.Factor);
});

const single: AuthReply = {
  nextaction: 'PASSWORD_AUTH',
  currentFactors: ['PASSWORD'],
  additional: { currentFactorLevel: 1 },
};

describe("the password page's 'More Options' (the one rule of flow/moreOptions)", () => {
  it('is offered after a factor choice at this level, and its reply opens the factor choice', async () => {
    const server = fakeServer({ base: SERVICE }).on('POST', 'auth/v1/SelectedFactor', {
      json: { nextaction: 'FACTOR_SELECTION', currentFactors: ['PASSWORD', 'SMSOTP'], flowState: 'flow-1' },
    });
    passwordStep(single, '1');
    fireEvent.click(screen.getByRole('button', { name: 'More Options' }));
    await waitFor(() => expect(landed().textContent).toBe('/factorselection'));
    expect(server.requestsTo('POST', 'auth/v1/SelectedFactor')[0]?.body).toEqual({ action: 'chooseanother' });
    // The user asked to choose: a remembered factor is not submitted for them on the list.
    expect(JSON.parse(landed().dataset.state ?? 'null')).toMatchObject({ skipFactorAutoRedirect: true });
  });

  it('is offered when the reply that opened the page lists other factors', () => {
    passwordStep({ nextaction: 'PASSWORD_AUTH', currentFactors: ['PASSWORD', 'SMSOTP'] });
    expect(screen.getByRole('button', { name: 'More Options' })).toBeTruthy();
  });

  it('is not offered for a password-only step', () => {
    passwordStep(single);
    expect(screen.queryByRole('button', { name: 'More Options' })).toBeNull();
  });

  it('is not offered after a choice at another level', () => {
    passwordStep(single, '2');
    expect(screen.queryByRole('button', { name: 'More Options' })).toBeNull();
  });
});

describe("'Password is required.'", () => {
  it('follows a submit attempt, not leaving the field (which would move the controls under the pointer)', () => {
    passwordStep(single, '1');
    const field = screen.getByLabelText('Password');
    fireEvent.blur(field, { relatedTarget: screen.getByRole('button', { name: 'More Options' }) });
    expect(screen.queryByText('Password is required.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it("after a refused password only the service's message is shown", async () => {
    fakeServer({ base: SERVICE }).on('POST', 'factor/v1/PasswordAuthenticator', {
      status: 401,
      json: { errorCode: '8800011', errorMessage: 'Invalid credentials' },
    });
    passwordStep(single);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid credentials')).toBeTruthy();
    expect(screen.queryByText('Password is required.')).toBeNull();
  });
});
