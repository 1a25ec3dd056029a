import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAuthComplete } from './auth/authCompleteRoute.js';
import { registerAuthenticate } from './auth/authenticateRoute.js';
import { registerSelectedFactor } from './auth/selectedFactorRoute.js';
import type { EmulatorConfig } from './config.js';
import type { EmulatorContext } from './context.js';
import { registerDevApi } from './devpage/devApi.js';
import { registerDevPage } from './devpage/devPage.js';
import { registerRelyingParty } from './devpage/relyingParty.js';
import { registerCustomRoute } from './factors/customRoute.js';
import { registerRecoveryCodeRoute } from './factors/recoveryCodeRoute.js';
import { registerMeRecoveryCodesRoutes } from './selfservice/meRecoveryCodesRoutes.js';
import { registerMobileOtpRoutes } from './factors/mobileOtpRoutes.js';
import { registerOtpRoutes } from './factors/otpRoutes.js';
import { registerPasswordRoutes } from './factors/passwordRoutes.js';
import { registerPushRoutes } from './factors/pushRoutes.js';
import { registerFaultHook } from './faults/faultHook.js';
import { FaultRegistry } from './faults/faults.js';
import { registerFidoAuthRoutes } from './fido/fidoAuthRoutes.js';
import { registerFidoRegRoutes } from './fido/fidoRegRoutes.js';
import { registerOptionPlacementApi } from './fido/optionsPlacementApi.js';
import { registerErrorHandling } from './http/errorHandler.js';
import { registerBodyParsers } from './http/bodyParsers.js';
import { serverLimitOptions } from './http/serverLimits.js';
import { registerIdpCall, registerIdpPages } from './idp/idpRoutes.js';
import { registerMeCredsRoutes } from './selfservice/meCredsRoutes.js';
import { registerStepUpRoute } from './selfservice/stepUpRoute.js';
import { registerVipRoute } from './selfservice/vipRoute.js';
import { EmulatorState } from './state/emulatorState.js';
import { TokenService } from './tokens/tokenService.js';
import { registerTokenRoutes } from './tokens/tokenRoutes.js';
import { registerUserinfoRoute } from './tokens/userinfoRoute.js';
import { registerHealthRoutes } from './ops/healthRoutes.js';
import { traceChildLoggerFactory } from './ops/traceLogging.js';

export interface EmulatorOptions {
  /** JSON log lines on stdout at config.logLevel; off by default (tests), on in the CLI. */
  logger?: boolean;
  /** Where the log lines go when logging (tests read them); default stdout. */
  logStream?: { write(line: string): void };
}

const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'X-Flow-State',
  'X-CLIENT-TRANSACTION-ID',
  'X-Device-Tag',
  'X-Relay-State',
  'X-Step-Up-Grant',
];

/** Builds the emulator (not listening): tests use `inject`, the CLI calls `listen`. */
export async function createEmulator(
  config: EmulatorConfig,
  options: EmulatorOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) }
      : false,
    // A request's log lines carry the trace id of the traceparent it came with (the portal's).
    childLoggerFactory: traceChildLoggerFactory,
    ...serverLimitOptions(config.limits),
  });
  const state = new EmulatorState(config);
  const tokens = await TokenService.create(config, state);
  const ctx: EmulatorContext = { config, state, tokens };
  const faults = new FaultRegistry();

  registerErrorHandling(app);
  registerHealthRoutes(app);
  registerBodyParsers(app);
  await app.register(cors, {
    origin: config.portalOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: ['X-Flow-State'],
    maxAge: 600,
  });
  registerFaultHook(app, config.tenant, faults);
  // Replies that carry a flow state also carry it as the X-Flow-State header.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (typeof payload === 'object' && payload !== null && 'flowState' in payload) {
      const { flowState } = payload as { flowState: unknown };
      if (typeof flowState === 'string') reply.header('x-flow-state', flowState);
    }
    return payload;
  });

  await app.register(
    async (tenant) => {
      registerAuthenticate(tenant, ctx);
      registerSelectedFactor(tenant, ctx);
      registerAuthComplete(tenant, ctx);
      registerIdpCall(tenant, ctx, faults);
      registerTokenRoutes(tenant, ctx);
      registerUserinfoRoute(tenant, ctx);
      registerPasswordRoutes(tenant, ctx);
      registerOtpRoutes(tenant, ctx);
      registerMobileOtpRoutes(tenant, ctx);
      registerPushRoutes(tenant, ctx);
      registerCustomRoute(tenant, ctx);
      registerRecoveryCodeRoute(tenant, ctx);
      registerFidoAuthRoutes(tenant, ctx);
      registerFidoRegRoutes(tenant, ctx);
      registerMeCredsRoutes(tenant, ctx);
      registerMeRecoveryCodesRoutes(tenant, ctx);
      registerStepUpRoute(tenant, ctx);
      registerVipRoute(tenant, ctx);
    },
    { prefix: `/${config.tenant}` },
  );

  registerIdpPages(app, ctx);
  registerRelyingParty(app, ctx);
  registerDevApi(app, ctx, faults);
  registerOptionPlacementApi(app, ctx);
  registerDevPage(app, ctx, () => {
    state.reset();
    faults.clear();
  });
  return app;
}
