import { describe, expect, it } from 'vitest';
import { authFailureMessage } from '../src/common/authFailure';
import { mustChangePassword } from '../src/password/passwordFailure';

describe('authFailureMessage (spec section 8, Authentication mapping)', () => {
  it('maps 8800004 and 8800015', () => {
    expect(authFailureMessage({ kind: 'http', errorCode: '8800004', message: 'whatever' })).toBe(
      'User not found',
    );
    expect(authFailureMessage({ kind: 'http', errorCode: '8800015', message: 'whatever' })).toBe(
      'The user is disabled',
    );
  });

  it("shows the server's errorMessage for other codes, else 'Unknown authentication error'", () => {
    expect(authFailureMessage({ kind: 'http', errorCode: '1', message: 'Account locked' })).toBe(
      'Account locked',
    );
    expect(
      authFailureMessage({
        kind: 'http',
        errorCode: '1',
        message: 'Unable to handle the request. Please try again later.',
      }),
    ).toBe('Unknown authentication error');
  });

  it('keeps network and unreadable-reply messages', () => {
    expect(authFailureMessage({ kind: 'network', message: 'The server could not be reached.' })).toBe(
      'The server could not be reached.',
    );
  });
});

describe('mustChangePassword', () => {
  it('is HTTP 428 with 1003033 only', () => {
    expect(mustChangePassword({ kind: 'http', status: 428, errorCode: '1003033', message: '' })).toBe(true);
    expect(mustChangePassword({ kind: 'http', status: 401, errorCode: '1003033', message: '' })).toBe(false);
    expect(mustChangePassword({ kind: 'http', status: 428, errorCode: '8800011', message: '' })).toBe(false);
  });
});
