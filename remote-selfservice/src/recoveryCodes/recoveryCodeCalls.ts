import type { CallOptions, Send } from '@portal/shared/transport';
import * as v from 'valibot';

/** The SSO's count of unused codes (sso-emulator README, "Recovery codes"). */
export const RecoveryCodeStatusSchema = v.object({
  remaining: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  createdDatetime: v.nullish(v.pipe(v.string(), v.maxLength(40))),
});

/** A new set: the codes themselves, shown this once. */
export const NewRecoveryCodesSchema = v.object({
  codes: v.pipe(v.array(v.pipe(v.string(), v.regex(/^[0-9A-Z]{10}$/))), v.minLength(1), v.maxLength(20)),
  remaining: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  createdDatetime: v.nullish(v.pipe(v.string(), v.maxLength(40))),
});
export type NewRecoveryCodes = v.InferOutput<typeof NewRecoveryCodesSchema>;

/** MeRecoveryCodes with the user's token (our addition; not in the spec). */
export function createRecoveryCodeCalls(send: Send) {
  return {
    /** GET factor/v1/MeRecoveryCodes: how many unused codes the user holds. */
    recoveryCodeStatus(call?: CallOptions) {
      return send({
        ...call,
        method: 'GET',
        path: 'factor/v1/MeRecoveryCodes',
        base: 'service',
        token: 'user',
        schema: RecoveryCodeStatusSchema,
      });
    },
    /** POST factor/v1/MeRecoveryCodes: a new set; every earlier code stops working. */
    generateRecoveryCodes(call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/MeRecoveryCodes',
        base: 'service',
        token: 'user',
        body: {},
        schema: NewRecoveryCodesSchema,
      });
    },
  };
}
