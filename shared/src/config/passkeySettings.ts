import { atom } from 'jotai';
import * as v from 'valibot';
import type { FidoCredType } from '../session/atoms';

/**
 * Our passkey settings (issue 27; the spec has none), the product configuration's `passkeys`
 * (the portal server validates them strictly; here a value that cannot be read is the defaults):
 *
 * - `signals` (absent: true): the WebAuthn Signal API keeps the browser's passkey manager in step
 *   with the SSO (fido/credentialSignals); false signals nothing.
 * - `automaticUpgrade` (absent: true): after a password sign-in, a browser with conditional
 *   create saves a passkey without a dialog (where the SSO allows passkey registration); false
 *   leaves only the welcome page's offer.
 * - `hints` per audience (absent: clients `client-device`, employees `security-key`): the
 *   WebAuthn hints of passkey ceremonies (which authenticator the browser suggests first).
 *
 * Read beside the configuration rather than in PortalConfig, so that the configuration's type,
 * which remotes built earlier were checked against, stays as it is.
 */
const HintSchema = v.picklist(['security-key', 'client-device']);
export type WebAuthnHint = v.InferOutput<typeof HintSchema>;

const HintsSchema = v.pipe(v.array(HintSchema), v.maxLength(2));

export const PasskeySettingsSchema = v.object({
  signals: v.optional(v.boolean()),
  automaticUpgrade: v.optional(v.boolean()),
  hints: v.optional(v.object({ clients: v.optional(HintsSchema), employees: v.optional(HintsSchema) })),
});
export type PasskeySettings = v.InferOutput<typeof PasskeySettingsSchema>;

/** The passkey settings in force (the defaults until the configuration has loaded). */
export const passkeySettingsAtom = atom<PasskeySettings>({});

/** The `passkeys` of a raw configuration; absent or unreadable: the defaults. */
export function readPasskeySettings(rawConfig: unknown): PasskeySettings {
  const raw =
    typeof rawConfig === 'object' && rawConfig !== null ? Reflect.get(rawConfig, 'passkeys') : undefined;
  const parsed = v.safeParse(PasskeySettingsSchema, raw);
  return parsed.success ? parsed.output : {};
}

const DEFAULT_PASSKEY_HINTS: Readonly<Record<'clients' | 'employees', readonly WebAuthnHint[]>> = {
  clients: ['client-device'],
  employees: ['security-key'],
};

/**
 * The hints of a ceremony of this FIDO type: a security key is one, a biometric is this device,
 * a passkey is what the audience's setting says.
 */
export function webAuthnHintsFor(
  settings: PasskeySettings,
  audience: 'clients' | 'employees',
  credType: FidoCredType,
): WebAuthnHint[] {
  if (credType === 'SECURITYKEY') return ['security-key'];
  if (credType === 'FIDO') return ['client-device'];
  return [...(settings.hints?.[audience] ?? DEFAULT_PASSKEY_HINTS[audience])];
}

/** Whether the Signal API is used (absent: yes). */
export const passkeySignalsOn = (settings: PasskeySettings): boolean => settings.signals !== false;

/** Whether the automatic passkey upgrade is tried (absent: yes). */
export const automaticPasskeyUpgradeOn = (settings: PasskeySettings): boolean =>
  settings.automaticUpgrade !== false;
