import { afterEach, describe, expect, it } from 'vitest';
import {
  rememberedFactorFor,
  rememberedFactors,
  rememberedUserName,
  rememberFactor,
  storedRiskType,
} from '../src/storage/localStore';
import { flowType, idpData, isOauth2Flow, savedQueryParams } from '../src/storage/sessionStore';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('local storage', () => {
  it('keeps a plain remembered user name', () => {
    rememberedUserName.write('ann.smith');
    expect(localStorage.getItem('rememberMe')).toBe('ann.smith');
    expect(rememberedUserName.read()).toBe('ann.smith');
  });
  it.each(['https://evil.example/login', 'javascript:alert(1)', 'mailto:a@b.c', '   '])(
    'discards a stored user name %s (URL or empty) and removes it',
    (value) => {
      localStorage.setItem('rememberMe', value);
      expect(rememberedUserName.read()).toBeNull();
      expect(localStorage.getItem('rememberMe')).toBeNull();
    },
  );
  it('discards bad JSON in the remembered factors', () => {
    localStorage.setItem('rememberedFactors', '{not json');
    expect(rememberedFactors.read()).toBeNull();
    expect(localStorage.getItem('rememberedFactors')).toBeNull();
  });
  it('discards remembered factors of the wrong shape', () => {
    localStorage.setItem('rememberedFactors', JSON.stringify({ 1: 42 }));
    expect(rememberedFactorFor(1)).toBeNull();
  });
  it('remembers one factor per level', () => {
    rememberFactor(1, 'PASSWORD');
    rememberFactor('2', 'PUSH');
    expect(rememberedFactorFor('1')).toBe('PASSWORD');
    expect(rememberedFactorFor(2)).toBe('PUSH');
    expect(rememberedFactorFor(3)).toBeNull();
  });
  it('accepts only known risk types', () => {
    localStorage.setItem('riskType', 'IARISK');
    expect(storedRiskType.read()).toBe('IARISK');
    localStorage.setItem('riskType', 'NOPE');
    expect(storedRiskType.read()).toBeNull();
  });
});

describe('session storage', () => {
  it('reads the flow type', () => {
    expect(isOauth2Flow()).toBe(false);
    flowType.write('oauth2');
    expect(sessionStorage.getItem('x-flow')).toBe('oauth2');
    expect(isOauth2Flow()).toBe(true);
    flowType.write('direct');
    expect(isOauth2Flow()).toBe(false);
  });
  it('identity-provider data keeps only what the hand-back needs: never a token', () => {
    const reply = {
      nextaction: 'IDP_AUTH',
      flowState: 'fs-1',
      flowStateId: 'id-1',
      userName: 'ida.idp',
      authCompleteUrl: 'https://sso.example/default/oauth2/v1/authcomplete',
      access_token: 'secret-access',
      id_token: 'secret-id',
      refresh_token: 'secret-refresh',
      token_type: 'Bearer',
      expires_in: 900,
      additional: { trustedDeviceId: 'td-secret' },
      currentFactors: ['IDP/corp'],
    };
    idpData.write({ ...reply, providerName: 'Acme' });
    const stored = sessionStorage.getItem('idpData') ?? '';
    expect(JSON.parse(stored)).toEqual({
      nextaction: 'IDP_AUTH',
      flowState: 'fs-1',
      flowStateId: 'id-1',
      userName: 'ida.idp',
      authCompleteUrl: 'https://sso.example/default/oauth2/v1/authcomplete',
      providerName: 'Acme',
    });
    expect(stored).not.toMatch(/secret|token/i);
    // Data an older version left with tokens is read without them.
    sessionStorage.setItem('idpData', JSON.stringify({ ...reply, providerName: null }));
    expect(idpData.read()).toEqual({
      nextaction: 'IDP_AUTH',
      flowState: 'fs-1',
      flowStateId: 'id-1',
      userName: 'ida.idp',
      authCompleteUrl: 'https://sso.example/default/oauth2/v1/authcomplete',
      providerName: null,
    });
  });
  it('reads identity-provider data through its schema', () => {
    idpData.write({ nextaction: 'AUTH_ALLOWED', id_token: 'x', providerName: 'Acme' });
    expect(idpData.read()).toMatchObject({ nextaction: 'AUTH_ALLOWED', providerName: 'Acme' });
    sessionStorage.setItem('idpData', JSON.stringify({ nextaction: 7 }));
    expect(idpData.read()).toBeNull();
    sessionStorage.setItem('idpData', 'garbage');
    expect(idpData.read()).toBeNull();
  });
  it('saved query parameters must be a string map', () => {
    savedQueryParams.write({ 'x-flow-state': 'abc', client_id: 'portal' });
    expect(savedQueryParams.read()).toEqual({ 'x-flow-state': 'abc', client_id: 'portal' });
    sessionStorage.setItem('savedQueryParams', JSON.stringify(['a']));
    expect(savedQueryParams.read()).toBeNull();
  });
  it('never stores a token: nothing here writes one', () => {
    rememberedUserName.write('ann');
    const everything = JSON.stringify({ ...localStorage, ...sessionStorage });
    expect(everything).not.toMatch(/token/i);
  });
});
