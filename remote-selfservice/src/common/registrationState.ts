import { FIDO_REGISTRATION_TYPES, CreationOptionsSchema } from '@portal/shared/fido';
import * as v from 'valibot';

/**
 * What the registration form hands to the verification screen through the router state. Each
 * screen reads it through its schema: a reload or a hand-typed address has none, and the screen
 * says so instead of failing.
 */
export const OtpRegistrationStateSchema = v.object({
  credId: v.string(),
  credType: v.picklist(['sms', 'email']),
  credValue: v.string(),
});
export type OtpRegistrationState = v.InferOutput<typeof OtpRegistrationStateSchema>;

export const TotpRegistrationStateSchema = v.object({
  credId: v.string(),
  credValue: v.string(),
  sharedSecret: v.pipe(v.string(), v.minLength(1)),
  tenantName: v.string(),
});
export type TotpRegistrationState = v.InferOutput<typeof TotpRegistrationStateSchema>;

/** The FIDO type and the creation options the registration form found in the challenge reply. */
export const FidoRegistrationStateSchema = v.object({
  fidoCredType: v.picklist(FIDO_REGISTRATION_TYPES),
  options: CreationOptionsSchema,
});
export type FidoRegistrationState = v.InferOutput<typeof FidoRegistrationStateSchema>;

export const PushRegistrationStateSchema = v.object({
  vipCredentialID: v.pipe(v.string(), v.minLength(1)),
  credValue: v.pipe(v.string(), v.minLength(1)),
});
export type PushRegistrationState = v.InferOutput<typeof PushRegistrationStateSchema>;

/** The router state parsed with `schema`, or null when it is missing or of another shape. */
export function readState<S extends v.GenericSchema>(schema: S, state: unknown): v.InferOutput<S> | null {
  const parsed = v.safeParse(schema, state);
  return parsed.success ? parsed.output : null;
}
