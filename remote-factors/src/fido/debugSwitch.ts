import { storedValue } from '@portal/shared/storage/storedValue';
import * as v from 'valibot';

/**
 * The debug switch of spec section 4 (FIDO login): a session-storage entry that forces the
 * authenticator attachment or the transports, e.g.
 * `sessionStorage.setItem('fidoDebug', '{"authenticatorAttachment":"cross-platform"}')`.
 * Anything else stored there is discarded.
 */
export const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export const FidoDebugSchema = v.object({
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
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

/** Transports a forced attachment stands for when no transports are forced. */
const ATTACHMENT_TRANSPORTS: Readonly<Record<'platform' | 'cross-platform', Transport[]>> = {
  platform: ['internal'],
  'cross-platform': ['usb', 'nfc', 'ble', 'hybrid'],
};

/** The transports to put on every allowed credential, or null to leave the server's. */
export function forcedTransports(debug: FidoDebug | null): Transport[] | null {
  if (!debug) return null;
  if (debug.transports) return debug.transports;
  return debug.authenticatorAttachment ? ATTACHMENT_TRANSPORTS[debug.authenticatorAttachment] : null;
}
