import { defaultPortalConfig } from '@portal/shared/config';
import { describe, expect, it } from 'vitest';
import { otpauthLink, totpIssuer } from '../src/ui/codes/otpauthLink';

describe('otpauth link and issuer', () => {
  it('uses the display name for default and common, the tenant name otherwise', () => {
    const names = { default: 'Hub Dev', common: 'Hub Common' };
    expect(totpIssuer('default', names)).toBe('Hub Dev');
    expect(totpIssuer('common', names)).toBe('Hub Common');
    expect(totpIssuer('acme', names)).toBe('acme');
    expect(totpIssuer('default', defaultPortalConfig.tenantDisplayNames)).toBe('Authentication Hub');
  });
  it('is an otpauth totp link with user name, secret and issuer', () => {
    const link = new URL(
      otpauthLink({ userName: 'pat.password', secret: 'JBSWY3DPEHPK3PXP', issuer: 'Hub Dev' }),
    );
    expect(link.protocol).toBe('otpauth:');
    expect(link.host).toBe('totp');
    expect(link.pathname).toBe('/Hub%20Dev:pat.password');
    expect(link.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(link.searchParams.get('issuer')).toBe('Hub Dev');
  });
});
