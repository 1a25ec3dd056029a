import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { InferOutput } from 'valibot';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import type { Credential } from '../state/model.js';
import type { AuthVerifyBodySchema } from './schemas.js';

type Assertion = InferOutput<typeof AuthVerifyBodySchema>;

/**
 * Checks a WebAuthn assertion against the challenge and the stored public key, with the portal
 * origins and RP ID; on success the credential's counter and modification time move on.
 */
export async function verifyAssertion(
  ctx: EmulatorContext,
  body: Assertion,
  challenge: string,
  credential: Credential,
  requireUserVerification: boolean,
): Promise<void> {
  const key = credential.webauthn;
  if (!key) throw errors.credentialNotFound();
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: {
        id: body.id,
        rawId: body.rawId,
        type: body.type,
        response: body.response,
        clientExtensionResults: {},
        ...(body.authenticatorAttachment ? { authenticatorAttachment: body.authenticatorAttachment } : {}),
      },
      expectedChallenge: challenge,
      expectedOrigin: ctx.config.portalOrigins,
      expectedRPID: ctx.config.rpId,
      credential: {
        id: credential.credId,
        publicKey: Buffer.from(key.publicKey, 'base64url'),
        counter: key.counter,
      },
      requireUserVerification,
    });
  } catch (error) {
    throw errors.fidoVerificationFailed((error as Error).message);
  }
  if (!result.verified) throw errors.fidoVerificationFailed('signature not verified');
  key.counter = result.authenticationInfo.newCounter;
  credential.modifiedDatetime = ctx.state.nowIso();
}
