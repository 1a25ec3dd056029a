import * as v from 'valibot';
import { CredTypeSchema, WebAuthnKeySchema } from '../state/model.js';

export const PushParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid()) });
/** Approving a number-matching push (issue 27): the number the sign-in page shows. */
export const PushApproveBodySchema = v.optional(
  v.object({ number: v.optional(v.pipe(v.string(), v.maxLength(8, 'number must be at most 8 characters'))) }),
  {},
);
export const UserParamsSchema = v.object({ userName: v.pipe(v.string(), v.minLength(1), v.toLowerCase()) });
export const ClockBodySchema = v.object({ offsetMs: v.pipe(v.number(), v.integer()) });
/** At least 360 s: the portal refreshes 5 minutes before expiry, so then at most once a minute. */
export const TokenLifetimeBodySchema = v.object({
  accessTokenTtlSeconds: v.pipe(v.number(), v.integer(), v.minValue(360), v.maxValue(86_400)),
});

export const PreRegisterBodySchema = v.pipe(
  v.object({
    credId: v.optional(v.pipe(v.string(), v.minLength(1))),
    credType: CredTypeSchema,
    credValue: v.string(),
    status: v.optional(v.picklist(['ACTIVE', 'INACTIVE']), 'ACTIVE'),
    default: v.optional(v.boolean(), false),
    totpSecret: v.optional(v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z2-7]+=*$/, 'must be base32'))),
    webauthn: v.optional(WebAuthnKeySchema),
  }),
  v.check((b) => b.credType !== 'totp' || b.totpSecret !== undefined, 'totp credentials need totpSecret'),
  v.check(
    (b) =>
      !['fido', 'securitykey', 'passkey'].includes(b.credType) ||
      (b.webauthn !== undefined && b.credId !== undefined),
    'FIDO credentials need credId and webauthn { publicKey, counter }',
  ),
);
