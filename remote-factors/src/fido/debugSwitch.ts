import {
  ATTACHMENT_TRANSPORTS,
  AUTHENTICATOR_ATTACHMENTS,
  TRANSPORTS,
  type Transport,
} from '@portal/shared/features';
import { storedValue } from '@portal/shared/storage';
import * as v from 'valibot';

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
 * attachment stands for its transports (the FIDO table) when no transports are forced.
 */
export function forcedTransports(debug: FidoDebug | null): Transport[] | null {
  if (!debug) return null;
  if (debug.transports) return debug.transports;
  return debug.authenticatorAttachment ? [...ATTACHMENT_TRANSPORTS[debug.authenticatorAttachment]] : null;
}
