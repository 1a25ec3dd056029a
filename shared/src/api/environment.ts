import type { CallOptions, Send } from './request';
import { EnvironmentSchema } from './schemas';

/** GET v1/config/environment on the portal origin, without the interceptors (spec section 7). */
export function createEnvironmentCalls(send: Send) {
  return {
    loadEnvironment(call?: CallOptions) {
      return send({
        ...call,
        method: 'GET',
        path: 'v1/config/environment',
        base: 'portal',
        interceptors: false,
        schema: EnvironmentSchema,
      });
    },
  };
}
