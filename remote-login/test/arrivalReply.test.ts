import { describe, expect, it } from 'vitest';
import { arrivalStep } from '../src/userId/arrivalReply';

describe('arrivalStep (the reply to the oauth2 arrival)', () => {
  it('a reply with a nextaction is routed', () => {
    expect(arrivalStep({ nextaction: 'PASSWORD_AUTH', userName: 'pat' })).toEqual({ kind: 'route' });
    expect(arrivalStep({ nextaction: 'AUTH_ALLOWED', authCompleteUrl: 'http://sso/x' })).toEqual({
      kind: 'route',
    });
  });

  it('flow state and an empty user name only: the User ID is needed, no message', () => {
    expect(arrivalStep({ flowState: 'fs', flowStateId: 'id', userName: '' })).toEqual({
      kind: 'userId',
      message: null,
    });
    expect(arrivalStep({ flowState: 'fs', nextaction: '' })).toEqual({ kind: 'userId', message: null });
  });

  it('a reply without nextaction that carries an error shows it on the form (mapped codes first)', () => {
    expect(arrivalStep({ errorCode: '8800004', errorMessage: 'whatever' })).toEqual({
      kind: 'userId',
      message: 'User not found',
    });
    expect(arrivalStep({ errorMessage: 'Try later' })).toEqual({ kind: 'userId', message: 'Try later' });
    expect(arrivalStep({ error_description: 'Denied by policy' })).toEqual({
      kind: 'userId',
      message: 'Denied by policy',
    });
    expect(arrivalStep({ errorCode: '123' })).toEqual({
      kind: 'userId',
      message: 'Unknown authentication error',
    });
  });
});
