import type { FastifyInstance } from 'fastify';
import { advance } from '../auth/authReply.js';
import { flowStateHeader, requireFactorStep, requireTransaction } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { ApiError, errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { hashPassword, verifyPassword } from '../state/passwords.js';
import { FLOW_TOKEN_KINDS, requireBearer, USER_TOKEN_KINDS } from '../tokens/bearer.js';
import { PasswordBodySchema, PasswordUpdateBodySchema } from './schemas.js';

/** PasswordAuthenticator (428 / 1003033 when a change is required) and MePasswordUpdater. */
export function registerPasswordRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/PasswordAuthenticator', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const body = parseInput(PasswordBodySchema, request.body);
    const { tx, user } = requireFactorStep(ctx, request, ['PASSWORD']);
    if (!user.passwordHash || !verifyPassword(body.password, user.passwordHash))
      throw errors.invalidCredentials();
    if (user.mustChangePassword) {
      tx.passwordChangeRequired = true;
      throw new ApiError(428, '1003033', 'Password change required', {
        nextaction: 'CHANGE_PASSWORD',
        flowState: tx.flowState,
        flowStateId: tx.flowStateId,
        userName: user.userName,
      });
    }
    return advance(ctx, tx, user);
  });

  app.put('/factor/v1/MePasswordUpdater', async (request) => {
    const body = parseInput(PasswordUpdateBodySchema, request.body);
    if (flowStateHeader(request)) {
      await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
      const tx = requireTransaction(ctx, request);
      const user = tx.userName ? ctx.state.findUser(tx.userName) : undefined;
      if (!user || !tx.passwordChangeRequired) throw errors.unexpectedFactor('CHANGE_PASSWORD');
      if (!updatePassword(user, body.currentPassword, body.newPassword)) {
        return { data: { passwordUpdated: false, message: 'Password update failed.' } };
      }
      user.mustChangePassword = false;
      tx.passwordChangeRequired = false;
      const next = await advance(ctx, tx, user);
      return { ...next, data: { passwordUpdated: true } };
    }
    const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    const user = ctx.state.findUser(claims.sub);
    if (!user) throw errors.userNotFound();
    return { data: { passwordUpdated: updatePassword(user, body.currentPassword, body.newPassword) } };
  });
}

function updatePassword(user: { passwordHash?: string | undefined }, current: string, next: string): boolean {
  if (!user.passwordHash || !verifyPassword(current, user.passwordHash) || current === next) return false;
  user.passwordHash = hashPassword(next);
  return true;
}
