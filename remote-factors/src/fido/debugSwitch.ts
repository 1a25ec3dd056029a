import { storedValue } from '@portal/shared/storage';
import * as v from 'valibot';

/** Transports a browser prompt can be limited to (WebAuthn AuthenticatorTransport). */
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type Transport = (typeof TRANSPORTS)[number];

/** WebAuthn authenticatorAttachment: built into the device, or a separate one. */
const AUTHENTICATOR_ATTACHMENTS = ['platform', 'cross-platform'] as const;
type AuthenticatorAttachment = (typeof AUTHENTICATOR_ATTACHMENTS)[number];

/**
 * The transports an authenticator attachment stands for: a platform authenticator is built in;
 * a cross-platform one is reached over USB, NFC, Bluetooth or a phone (hybrid).
 */
export const ATTACHMENT_TRANSPORTS: Readonly<Record<AuthenticatorAttachment, readonly Transport[]>> = {
  platform: ['internal'],
  'cross-platform': ['usb', 'nfc', 'ble', 'hybrid'],
};

/**
 * The debug switch of spec section 4 (FIDO login): a session-storage entry that forces the
 * authenticator attachment or the transports, e.g.
 * `sessionStorage.setItem('fidoDebug', '{"authenticatorAttachment":"cross-platform"}')`.
 * Anything else stored there is discarded.
 */
const FidoDebugSchema = v.object({
  authenticatorAttachment: v.optional(v.picklist(AUTHENTICATOR_ATTACHMENTS)),
  transports: v.optional(v.pipe(v.array(v.picklist(TRANSPORTS)), v.minLength(1))),
});
export type FidoDebug = v.InferOutput<typeof FidoDebugSchema>;

export const FIDO_DEBUG_KEY = 'fidoDebug';

export const fidoDebugSwitch = storedValue({
  area: 'session',
  key: FIDO_DEBUG_KEY,
  schema: FidoDebugSchema,
  format: 'json',
});

/**
 * The transports to put on every allowed credential, or null to leave the server's; a forced
 * attachment stands for its transports (ATTACHMENT_TRANSPORTS) when no transports are forced.
 */
export function forcedTransports(debug: FidoDebug | null): Transport[] | null {
  if (!debug) return null;
  if (debug.transports) return debug.transports;
  return debug.authenticatorAttachment ? [...ATTACHMENT_TRANSPORTS[debug.authenticatorAttachment]] : null;
}
