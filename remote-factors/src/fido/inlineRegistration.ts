import { AuthReplySchema, FidoChallengeReplySchema } from '@portal/shared/api/schemas';
import { createSend } from '@portal/shared/api/request';
import type { FidoCredType } from '@portal/shared/session/atoms';
import { portalStore } from '@portal/shared/session/store';

/**
 * Inline registration during sign-in (`<T>_REGISTER_GENERATE_CHALLENGE`): the same FIDO
 * registration calls as self-service, but inside the sign-in flow, so with the client token and
 * the flow state instead of the user token (the emulator README documents both modes). The shared
 * client only has the self-service variant, hence these two calls on the shared fetch wrapper.
 */
const send = createSend({
  store: portalStore,
  fetch: (input, init) => globalThis.fetch(input, init),
  now: () => Date.now(),
});

export function inlineRegChallenge(input: { userName: string; fidoCredType: FidoCredType }) {
  return send({
    method: 'POST',
    path: 'factor/v1/FIDORegChallengeGenerator',
    base: 'service',
    body: {
      userName: input.userName,
      deviceName: input.fidoCredType,
      documentDomain: globalThis.location.origin,
      fidoCredType: input.fidoCredType,
      deviceTag: true,
    },
    deviceTag: true,
    schema: FidoChallengeReplySchema,
  });
}

export function inlineRegVerify(credential: object, fidoCredType: FidoCredType) {
  return send({
    method: 'POST',
    path: 'factor/v1/FIDORegChallengeVerifier',
    base: 'service',
    body: { ...credential, fidoCredType, deviceName: fidoCredType },
    schema: AuthReplySchema,
  });
}
