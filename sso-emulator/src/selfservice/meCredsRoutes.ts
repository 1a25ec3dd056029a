import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import type { Credential } from '../state/model.js';
import { requireBearer, USER_TOKEN_KINDS } from '../tokens/bearer.js';
import { CredIdParamsSchema, CredUpdateBodySchema } from './schemas.js';
import { requireStepUpFor, STEP_UP_OFFER, stepUpBinding, stepUpOn } from './stepUp.js';

/** The credential fields of spec section 3; secrets and keys stay inside the emulator. */
export function publicCredential(c: Credential) {
  return {
    credId: c.credId,
    credType: c.credType,
    credValue: c.credValue,
    status: c.status,
    default: c.default,
    createdDatetime: c.createdDatetime,
    modifiedDatetime: c.modifiedDatetime,
  };
}

/**
 * MeCreds: list, update (status, default) and delete the signed-in user's credentials; with step-up
 * on, deleting the last credential of a type needs a grant (stepUp.ts).
 */
export function registerMeCredsRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  async function signedIn(request: Parameters<typeof requireBearer>[0]) {
    const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    const user = ctx.state.findUser(claims.sub);
    if (!user) throw errors.invalidAccessToken();
    return { user, claims };
  }
  const currentUser = async (request: Parameters<typeof requireBearer>[0]) => (await signedIn(request)).user;

  app.get('/factor/v1/MeCreds', async (request, reply) => {
    const user = await currentUser(request);
    reply.header('cache-control', 'no-store');
    const credentials = user.credentials.filter((c) => !c.pending).map(publicCredential);
    // Our field (issue 27): the user's WebAuthn identity, so the portal can signal the passkey
    // manager, and whether this user may register a passkey (the automatic upgrade asks).
    const webauthn = {
      rpId: ctx.config.rpId,
      userId: Buffer.from(user.userName, 'utf8').toString('base64url'),
      passkeyRegistration: true,
    };
    // Step-up on: the reply says so (our field, not the spec's), naming the factor it asks for.
    return stepUpOn(ctx) ? { credentials, webauthn, stepUp: STEP_UP_OFFER } : { credentials, webauthn };
  });

  app.put('/factor/v1/MeCreds/:credId', async (request) => {
    const user = await currentUser(request);
    const { credId } = parseInput(CredIdParamsSchema, request.params);
    const body = parseInput(CredUpdateBodySchema, request.body);
    const credential = ctx.state.findCredential(user, credId);
    if (!credential || credential.pending) throw errors.credentialNotFound();
    if (body.status) credential.status = body.status;
    if (body.default !== undefined) {
      if (body.default) {
        for (const other of user.credentials)
          if (other.credType === credential.credType) other.default = false;
      }
      credential.default = body.default;
    }
    credential.modifiedDatetime = ctx.state.nowIso();
    return publicCredential(credential);
  });

  app.delete('/factor/v1/MeCreds/:credId', async (request) => {
    const { user, claims } = await signedIn(request);
    const { credId } = parseInput(CredIdParamsSchema, request.params);
    const credential = ctx.state.findCredential(user, credId);
    if (!credential) throw errors.credentialNotFound();
    requireStepUpFor(ctx, request, stepUpBinding(user, claims), user, credential);
    user.credentials.splice(user.credentials.indexOf(credential), 1);
    return { credId, data: { status: 'SUCCESS' } };
  });
}
