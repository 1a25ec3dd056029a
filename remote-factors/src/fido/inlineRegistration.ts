import { AuthReplySchema, FidoChallengeReplySchema } from '@portal/shared/api/schemas';
import { createSend } from '@portal/shared/api/request';
import type { FidoType } from '@portal/shared/fido/fidoTypes';
import { portalStore } from '@portal/shared/session/store';

/**
 * Inline registration during sign-in (`<T>_REGISTER_GENERATE_CHALLENGE`): the same FIDO
 * registration calls as self-service, but inside the sign-in flow, so with the client token and
 * the flow state instead of the user token (the emulator README documents both modes). The shared
 * client only has the self-service variant, hence these two calls on the shared fetch wrapper.
 * The type comes as its row of the FIDO table; the reply is read with the shared challenge schema
 * and its options found by the screen with the shared finder (@portal/shared/fido/publicKeyOptions).
 */
const send = createSend({
  store: portalStore,
  fetch: (input, init) => globalThis.fetch(input, init),
  now: () => Date.now(),
});

export function inlineRegChallenge(input: { userName: string; fidoType: FidoType }) {
  const { credType } = input.fidoType;
  return send({
    method: 'POST',
    path: 'factor/v1/FIDORegChallengeGenerator',
    base: 'service',
    body: {
      userName: input.userName,
      deviceName: credType,
      documentDomain: globalThis.location.origin,
      fidoCredType: credType,
      deviceTag: true,
    },
    deviceTag: true,
    schema: FidoChallengeReplySchema,
  });
}

export function inlineRegVerify(credential: object, { credType }: FidoType) {
  return send({
    method: 'POST',
    path: 'factor/v1/FIDORegChallengeVerifier',
    base: 'service',
    body: { ...credential, fidoCredType: credType, deviceName: credType },
    schema: AuthReplySchema,
  });
}
