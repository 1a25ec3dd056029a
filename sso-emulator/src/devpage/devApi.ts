import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { FaultBodySchema, type FaultRegistry } from '../faults/faults.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { publicCredential } from '../selfservice/meCredsRoutes.js';
import { SettingsBodySchema } from '../state/settings.js';
import {
  ClockBodySchema,
  PreRegisterBodySchema,
  PushApproveBodySchema,
  PushParamsSchema,
  TokenLifetimeBodySchema,
  UserParamsSchema,
} from './devApiSchemas.js';
import { answerPush, pushView } from './pushAnswers.js';
import { tokenFamiliesView } from './tokenFamiliesView.js';

export const DEV_API = '/_emulator/api';

export function usersView(ctx: EmulatorContext) {
  return [...ctx.state.users.values()].map((u) => ({
    userName: u.userName,
    displayName: u.displayName,
    description: u.description,
    status: u.status,
    steps: u.steps,
    credentials: u.credentials.map((c) => ({ ...publicCredential(c), pending: c.pending ?? false })),
  }));
}

/** JSON API for tests: outbox, pushes, users, reset, faults, clock, token lifetime, token families, credential pre-registration. */
export function registerDevApi(app: FastifyInstance, ctx: EmulatorContext, faults: FaultRegistry): void {
  app.get(`${DEV_API}/outbox`, async () => ctx.state.outbox);
  app.get(`${DEV_API}/pushes`, async () => pushView(ctx.state));
  app.post(`${DEV_API}/pushes/:id/approve`, async (request) => {
    const { id } = parseInput(PushParamsSchema, request.params);
    const { number } = parseInput(PushApproveBodySchema, request.body);
    return { id, status: answerPush(ctx.state, id, 'AUTHENTICATED', number) };
  });
  app.post(`${DEV_API}/pushes/:id/reject`, async (request) => {
    const { id } = parseInput(PushParamsSchema, request.params);
    answerPush(ctx.state, id, 'REJECTED');
    return { id, status: 'REJECTED' };
  });
  app.get(`${DEV_API}/users`, async () => usersView(ctx));
  app.post(`${DEV_API}/reset`, async () => {
    ctx.state.reset();
    faults.clear();
    return { reset: true };
  });
  app.get(`${DEV_API}/faults`, async () => faults.list());
  app.post(`${DEV_API}/faults`, async (request) => faults.add(parseInput(FaultBodySchema, request.body)));
  app.delete(`${DEV_API}/faults`, async () => {
    faults.clear();
    return { cleared: true };
  });
  app.post(`${DEV_API}/clock`, async (request) => {
    const { offsetMs } = parseInput(ClockBodySchema, request.body);
    ctx.state.clock.offsetMs = offsetMs;
    return { offsetMs, now: ctx.state.nowIso() };
  });
  app.post(`${DEV_API}/token-lifetime`, async (request) => {
    const { accessTokenTtlSeconds } = parseInput(TokenLifetimeBodySchema, request.body);
    ctx.state.accessTokenTtlSeconds = accessTokenTtlSeconds;
    return { accessTokenTtlSeconds };
  });
  app.get(`${DEV_API}/token-families`, async () => tokenFamiliesView(ctx.state));
  app.get(`${DEV_API}/settings`, async () => ctx.state.settings);
  app.post(`${DEV_API}/settings`, async (request) => {
    const body = parseInput(SettingsBodySchema, request.body);
    return Object.assign(ctx.state.settings, body);
  });
  app.post(`${DEV_API}/users/:userName/credentials`, async (request, reply) => {
    const { userName } = parseInput(UserParamsSchema, request.params);
    const body = parseInput(PreRegisterBodySchema, request.body);
    const user = ctx.state.findUser(userName);
    if (!user) throw errors.userNotFound();
    const credId = body.credId ?? randomUUID();
    if (user.credentials.some((c) => c.credId === credId)) throw errors.badRequest('credId already exists');
    const now = ctx.state.nowIso();
    const credential = {
      credId,
      credType: body.credType,
      credValue: body.credValue,
      status: body.status,
      default: body.default,
      createdDatetime: now,
      modifiedDatetime: now,
      ...(body.totpSecret ? { totpSecret: body.totpSecret } : {}),
      ...(body.webauthn ? { webauthn: body.webauthn } : {}),
    };
    user.credentials.push(credential);
    return reply.code(201).send(publicCredential(credential));
  });
}
