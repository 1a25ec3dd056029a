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
  /**
   * Whether pages offer passkeys in the User ID field's suggestions (conditional mediation). Off
   * unless a test asks: Chromium's virtual authenticator answers a conditional request at once
   * with any discoverable credential it holds, as if the person picked it the moment the page
   * opened, so a test of a person who types their User ID (with a passkey on the device, as a
   * person may ignore the suggestion) runs as in a browser without passkey autofill.
   */
  conditionalMediation?: boolean;
}

export async function addVirtualAuthenticator(
  page: Page,
  {
    transport = 'internal',
    hasResidentKey = true,
    isUserVerified = true,
    conditionalMediation = false,
  }: VirtualAuthenticatorOptions = {},
): Promise<VirtualAuthenticator> {
  if (!conditionalMediation) {
    const noAutofill = () => {
      if (globalThis.PublicKeyCredential)
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    };
    await page.addInitScript(noAutofill);
    await page.evaluate(noAutofill);
  }
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
