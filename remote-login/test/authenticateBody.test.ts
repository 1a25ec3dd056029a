import { describe, expect, it } from 'vitest';
import { buildAuthenticateBody, buildSubjectlessAuthenticateBody } from '../src/userId/authenticateBody';

const base = { userName: '  Ann.Smith ', rememberMe: true, deviceData: 'print' };
const fixed = { channel: 'web', action: 'authenticate', subject: 'ann.smith', rememberMe: true };

describe('buildAuthenticateBody (spec section 3, Authenticate request)', () => {
  it('IARISK sends device.signature.iaAuthData', () => {
    expect(buildAuthenticateBody({ ...base, riskType: 'IARISK' })).toEqual({
      ...fixed,
      device: { signature: { iaAuthData: 'print' } },
    });
  });

  it('AARISK sends device.signature', () => {
    expect(buildAuthenticateBody({ ...base, riskType: 'AARISK' })).toEqual({
      ...fixed,
      device: { signature: 'print' },
    });
  });

  it('no risk type sends device.signature (the default branch)', () => {
    expect(buildAuthenticateBody({ ...base, riskType: null })).toEqual({
      ...fixed,
      device: { signature: 'print' },
    });
  });

  it('RSARISK sends clientContext with deviceprint and rememberme', () => {
    expect(buildAuthenticateBody({ ...base, rememberMe: false, riskType: 'RSARISK' })).toEqual({
      ...fixed,
      rememberMe: false,
      clientContext: [
        { key: 'deviceprint', value: 'print' },
        { key: 'rememberme', value: 'false' },
      ],
    });
  });

  it('adds trustedDeviceID and authContext fidoIdentifier only when the cookies exist', () => {
    const body = buildAuthenticateBody({
      ...base,
      riskType: 'AARISK',
      trustedDeviceId: 'td-1',
      fidoIdentifier: 'fid-1',
    });
    expect(body.trustedDeviceID).toBe('td-1');
    expect(body.authContext).toEqual([{ key: 'fidoIdentifier', value: 'fid-1' }]);
    const without = buildAuthenticateBody({
      ...base,
      riskType: 'AARISK',
      trustedDeviceId: null,
      fidoIdentifier: '',
    });
    expect(without).not.toHaveProperty('trustedDeviceID');
    expect(without).not.toHaveProperty('authContext');
  });
});

describe('buildSubjectlessAuthenticateBody (the oauth2 arrival without a remembered user)', () => {
  const fixedArrival = { channel: 'web', action: 'authenticate' };

  it('sends no subject, rememberMe or cookies; device data by risk type', () => {
    expect(buildSubjectlessAuthenticateBody({ riskType: 'IARISK', deviceData: 'print' })).toEqual({
      ...fixedArrival,
      device: { signature: { iaAuthData: 'print' } },
    });
    expect(buildSubjectlessAuthenticateBody({ riskType: 'AARISK', deviceData: 'print' })).toEqual({
      ...fixedArrival,
      device: { signature: 'print' },
    });
    expect(buildSubjectlessAuthenticateBody({ riskType: null, deviceData: 'print' })).toEqual({
      ...fixedArrival,
      device: { signature: 'print' },
    });
  });

  it("RSARISK's rememberme is 'false': nobody has chosen it yet", () => {
    expect(buildSubjectlessAuthenticateBody({ riskType: 'RSARISK', deviceData: 'print' })).toEqual({
      ...fixedArrival,
      clientContext: [
        { key: 'deviceprint', value: 'print' },
        { key: 'rememberme', value: 'false' },
      ],
    });
  });
});
