import { describe, expect, it } from 'vitest';
import { idpReturnStep, reauthenticationStep } from '../src/idp/idpReturn';

describe('idpReturnStep (spec section 4, Identity provider)', () => {
  it('without isIDP=true: Unexpected response from identity provider.', () => {
    expect(idpReturnStep({ search: '?x-flow-state=a', saved: null, savedPresent: false })).toEqual({
      kind: 'fail',
      message: 'Unexpected response from identity provider.',
    });
  });

  it('saved data that does not read: Unable to parse identity provider results.', () => {
    expect(idpReturnStep({ search: '?isIDP=true&x-flow-state=a', saved: null, savedPresent: true })).toEqual({
      kind: 'fail',
      message: 'Unable to parse identity provider results.',
    });
  });

  it('saved AUTH_ALLOWED with an authCompleteUrl is routed on', () => {
    const saved = {
      nextaction: 'AUTH_ALLOWED',
      authCompleteUrl: 'https://sso.example/oauth2/v1/authcomplete',
    };
    expect(idpReturnStep({ search: '?isIDP=true', saved, savedPresent: true })).toEqual({
      kind: 'route',
      reply: saved,
    });
  });

  it("with this tab's saved data for the same flow state: re-authenticate without a user name", () => {
    expect(
      idpReturnStep({
        search: '?isIDP=true&x-flow-state=fs',
        saved: { nextaction: 'IDP_AUTH', flowState: 'fs' },
        savedPresent: true,
      }),
    ).toEqual({ kind: 'reauthenticate', flowState: 'fs' });
  });

  it('a flow state with nothing saved in this tab (a hand-back sent by someone else): refused', () => {
    expect(
      idpReturnStep({ search: '?isIDP=true&x-flow-state=fs', saved: null, savedPresent: false }),
    ).toEqual({
      kind: 'fail',
      message: 'Missing information from identity provider response data.',
    });
  });

  it("a flow state other than this tab's (or saved data without one): refused", () => {
    for (const saved of [{ nextaction: 'IDP_AUTH', flowState: 'mine' }, { nextaction: 'IDP_AUTH' }]) {
      expect(idpReturnStep({ search: '?isIDP=true&x-flow-state=theirs', saved, savedPresent: true })).toEqual(
        {
          kind: 'fail',
          message: 'Unexpected response from identity provider.',
        },
      );
    }
    // Even beside a saved AUTH_ALLOWED: the hand-back is not this tab's.
    const allowed = {
      nextaction: 'AUTH_ALLOWED',
      flowState: 'mine',
      authCompleteUrl: 'https://sso.example/x',
    };
    expect(
      idpReturnStep({ search: '?isIDP=true&x-flow-state=theirs', saved: allowed, savedPresent: true }).kind,
    ).toBe('fail');
  });

  it('neither: Missing information from identity provider response data.', () => {
    expect(idpReturnStep({ search: '?isIDP=true', saved: null, savedPresent: false })).toEqual({
      kind: 'fail',
      message: 'Missing information from identity provider response data.',
    });
    expect(
      idpReturnStep({
        search: '?isIDP=true',
        saved: { nextaction: 'IDP_AUTH', flowState: 'fs' },
        savedPresent: true,
      }),
    ).toEqual({ kind: 'fail', message: 'Missing information from identity provider response data.' });
  });

  it('a failed or anonymous re-authentication: Unable to locate user information from IDP response.', () => {
    const message = 'Unable to locate user information from IDP response.';
    expect(reauthenticationStep({ ok: false, error: { kind: 'http', message: 'x', status: 401 } })).toEqual({
      kind: 'fail',
      message,
    });
    expect(reauthenticationStep({ ok: true, status: 200, data: { nextaction: 'PASSWORD_AUTH' } })).toEqual({
      kind: 'fail',
      message,
    });
    const reply = { nextaction: 'AUTH_ALLOWED', id_token: 't', userName: 'ida.idp' };
    expect(reauthenticationStep({ ok: true, status: 200, data: reply })).toEqual({ kind: 'route', reply });
  });
});
