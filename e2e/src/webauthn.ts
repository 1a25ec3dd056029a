import type { CDPSession, Page } from '@playwright/test';

/**
 * A Chrome DevTools Protocol virtual authenticator: a real WebAuthn authenticator for tests.
 * 'internal' stands for a platform authenticator (biometric, passkey), 'usb' for a security key.
 */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** Makes user verification succeed or fail from now on. */
  setUserVerified(verified: boolean): Promise<void>;
  /** How many credentials the authenticator holds. */
  credentialCount(): Promise<number>;
  remove(): Promise<void>;
}

export interface VirtualAuthenticatorOptions {
  transport?: 'internal' | 'usb' | 'nfc' | 'ble';
  hasResidentKey?: boolean;
  isUserVerified?: boolean;
}

export async function addVirtualAuthenticator(
  page: Page,
  { transport = 'internal', hasResidentKey = true, isUserVerified = true }: VirtualAuthenticatorOptions = {},
): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey,
      hasUserVerification: true,
      isUserVerified,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    setUserVerified: async (verified) => {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
    credentialCount: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}
