import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { DEV_API } from '../devpage/devApi.js';
import { parseInput } from '../http/parseBody.js';
import { PlacementBodySchema } from './optionsPlacement.js';

/** GET / POST /_emulator/api/fido/placement: read or set where the options go. */
export function registerOptionPlacementApi(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get(`${DEV_API}/fido/placement`, async () => ({ placement: ctx.state.fidoOptionPlacement }));
  app.post(`${DEV_API}/fido/placement`, async (request) => {
    const { placement } = parseInput(PlacementBodySchema, request.body);
    ctx.state.fidoOptionPlacement = placement;
    return { placement };
  });
}
