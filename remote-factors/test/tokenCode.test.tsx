import { paths } from '../src/paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blocksKey, passcodeError } from '../src/tokenCode/passcode';
import { TokenCodeScreen } from '../src/tokenCode/TokenCodeScreen';
import { factorSession, renderAt, stubServer, tokenCodeOpening } from './harness';

const opening = tokenCodeOpening;
const location = () => screen.getByTestId('location').textContent;
const field = () => screen.getByLabelText('Enter your pin and passcode') as HTMLInputElement;

function show() {
  factorSession(opening, { userName: 'sid.securid' });
  renderAt(<TokenCodeScreen />, paths.securid);
}

function submitCode(code: string) {
  fireEvent.change(field(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('passcode rules', () => {
  it('requires digits only', () => {
    expect(passcodeError('')).toBe('Passcode (PIN + Token) is required.');
    expect(passcodeError('12a')).toBe('Invalid character. Only numbers are accepted as input.');
    expect(passcodeError('1234567890')).toBeNull();
  });
  it('blocks non-digit keys but not editing keys or shortcuts', () => {
    expect(blocksKey('a', false)).toBe(true);
    expect(blocksKey('5', false)).toBe(false);
    expect(blocksKey('Backspace', false)).toBe(false);
    expect(blocksKey('v', true)).toBe(false);
  });
});

describe('token code screen', () => {
  it('limits the passcode to 10 characters and blocks letters', () => {
    show();
    expect(field().maxLength).toBe(10);
    expect(fireEvent.keyDown(field(), { key: 'x' })).toBe(false);
    expect(screen.getByText('Invalid character. Only numbers are accepted as input.')).toBeTruthy();
    expect(fireEvent.keyDown(field(), { key: '7' })).toBe(true);
  });

  it('requires a passcode', () => {
    const calls = stubServer({});
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Passcode (PIN + Token) is required.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the passcode with the securid flow id and routes an accepted one', async () => {
    const calls = stubServer({
      'factor/v1/CustomAuthenticator': [
        { body: { nextaction: 'AUTH_ALLOWED', access_token: 'user', data: { status: 'Accept' } } },
      ],
    });
    show();
    submitCode('12345678');
    await waitFor(() => expect(location()).toBe(paths.welcome));
    expect(calls[0]?.body).toEqual({
      operationalContext: [{ key: 'flowId', value: 'securid' }],
      credData: [{ key: 'code', value: '12345678' }],
    });
  });

  it("Reject says 'Invalid pin+code entered'", async () => {
    stubServer({
      'factor/v1/CustomAuthenticator': [{ body: { nextaction: 'CUSTOM_AUTH', data: { status: 'Reject' } } }],
    });
    show();
    submitCode('00000000');
    expect(await screen.findByText('Invalid pin+code entered')).toBeTruthy();
    expect(location()).toBe(paths.securid);
  });

  it('Terminate goes to /denied', async () => {
    stubServer({
      'factor/v1/CustomAuthenticator': [
        { body: { nextaction: 'AUTH_DENIED', data: { status: 'Terminate' } } },
      ],
    });
    show();
    submitCode('99999999');
    await waitFor(() => expect(location()).toBe(paths.denied));
  });

  it("other errors say 'System error'", async () => {
    stubServer({ 'factor/v1/CustomAuthenticator': [{ status: 500, body: { errorMessage: 'boom' } }] });
    show();
    submitCode('12345678');
    expect(await screen.findByText('System error')).toBeTruthy();
  });
});
