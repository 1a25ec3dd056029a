import { AuthReplySchema } from '@portal/shared/transport';
import * as v from 'valibot';

/**
 * The replies of the self-service calls (spec sections 3 and 7). Objects are loose: the server
 * may add fields, and only the fields the spec names are checked. Optional fields are nullish
 * because the service writes null for "absent".
 */

/** 'Credential' of spec section 3. */
export const CredentialSchema = v.looseObject({
  credId: v.string(),
  credType: v.string(),
  credValue: v.nullish(v.string()),
  status: v.picklist(['ACTIVE', 'INACTIVE']),
  default: v.nullish(v.boolean()),
  createdDatetime: v.nullish(v.string()),
  modifiedDatetime: v.nullish(v.string()),
});
export type Credential = v.InferOutput<typeof CredentialSchema>;

/** GET MeCreds: a bare list, or an object holding `credentials`; both become a list. */
export const CredentialListSchema = v.union([
  v.array(CredentialSchema),
  v.pipe(
    v.looseObject({ credentials: v.array(CredentialSchema) }),
    v.transform((reply) => reply.credentials),
  ),
]);

/** 'Registration result' of spec section 3 (sharedSecret and tenantName feed the QR code). */
export const RegistrationResultSchema = v.looseObject({
  ...AuthReplySchema.entries,
  credId: v.nullish(v.string()),
  credValue: v.nullish(v.string()),
  credType: v.nullish(v.string()),
  sharedSecret: v.nullish(v.string()),
  tenantName: v.nullish(v.string()),
});
