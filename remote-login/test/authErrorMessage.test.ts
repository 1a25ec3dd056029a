import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '../src/common/authErrorMessage';

describe('authErrorMessage', () => {
  it.each([
    [{ errorCode: '8800004', errorMessage: 'x' }, 'User not found'],
    [{ errorCode: '8800015' }, 'The user is disabled'],
    [{ errorCode: '123', errorMessage: 'Locked out' }, 'Locked out'],
    [{ errorCode: '123' }, 'Unknown authentication error'],
    [{}, 'Unknown authentication error'],
    [{ errorCode: 'toString' }, 'Unknown authentication error'],
  ])('%j → %s', (error, message) => {
    expect(authErrorMessage(error)).toBe(message);
  });
});
