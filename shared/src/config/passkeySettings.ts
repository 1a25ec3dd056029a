import * as v from 'valibot';
import type { FidoCredType } from '../session/atoms';

/**
 * Our passkey settings (issue 27; the spec has none), in the product configuration's `passkeys`:
 *
 * - `signals` (absent: true): the WebAuthn Signal API keeps the browser's passkey manager in step
 *   with the SSO (fido/credentialSignals); false signals nothing.
 * - `automaticUpgrade` (absent: true): after a password sign-in, a browser with conditional
 *   create saves a passkey without a dialog (where the SSO allows passkey registration); false
 *   leaves only the welcome page's offer.
 * - `hints` per audience (absent: clients `client-device`, employees `security-key`): the
 *   WebAuthn hints of passkey ceremonies (which authenticator the browser suggests first).
 */
export const WEBAUTHN_HINTS = ['security-key', 'client-device', 'hybrid'] as const;
export type WebAuthnHint = (typeof WEBAUTHN_HINTS)[number];

const HintsSchema = v.pipe(v.array(v.picklist(WEBAUTHN_HINTS)), v.maxLength(WEBAUTHN_HINTS.length));

export const PasskeySettingsSchema = v.object({
  signals: v.optional(v.boolean()),
  automaticUpgrade: v.optional(v.boolean()),
  hints: v.optional(v.object({ clients: v.optional(HintsSchema), employees: v.optional(HintsSchema) })),
});
export type PasskeySettings = v.InferOutput<typeof PasskeySettingsSchema>;

const DEFAULT_PASSKEY_HINTS: Readonly<Record<'clients' | 'employees', readonly WebAuthnHint[]>> = {
  clients: ['client-device'],
  employees: ['security-key'],
};

/**
 * The hints of a ceremony of this FIDO type: a security key is one, a biometric is this device,
 * a passkey is what the audience's setting says.
 */
export function webAuthnHintsFor(
  config: { audience: 'clients' | 'employees'; passkeys?: PasskeySettings | undefined },
  credType: FidoCredType,
): WebAuthnHint[] {
  if (credType === 'SECURITYKEY') return ['security-key'];
  if (credType === 'FIDO') return ['client-device'];
  return [...(config.passkeys?.hints?.[config.audience] ?? DEFAULT_PASSKEY_HINTS[config.audience])];
}

/** Whether the Signal API is used (absent: yes). */
export const passkeySignalsOn = (config: { passkeys?: PasskeySettings | undefined }): boolean =>
  config.passkeys?.signals !== false;

/** Whether the automatic passkey upgrade is tried (absent: yes). */
export const automaticPasskeyUpgradeOn = (config: { passkeys?: PasskeySettings | undefined }): boolean =>
  config.passkeys?.automaticUpgrade !== false;
