import type { FastifyInstance } from 'fastify';

/** How often, while closing, connections left idle by a finished request are closed. */
const IDLE_REAP_MS = 100;

/** Whether the instance is draining: /readyz answers 503 from the first SIGTERM on. */
export class DrainState {
  draining = false;
}

export interface ShutdownTimes {
  /** How long requests are still served after the signal, so the load balancer sees /readyz fail. */
  drainMs: number;
  /** Then how long requests in flight may take before their connections are cut. */
  timeoutMs: number;
}

/**
 * SIGTERM or SIGINT: /readyz turns 503 at once, the server keeps serving for `drainMs`, then
 * stops accepting (Fastify's close: new connections are refused, idle keep-alive connections are
 * closed, requests in flight finish), cuts what is still open after `timeoutMs`, closes Redis and
 * the operators' listener (onClose hooks) and exits 0. A second signal exits at once (code 1).
 */
export function shutDownOnSignals(
  app: FastifyInstance,
  state: DrainState,
  times: ShutdownTimes,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  const stop = (signal: NodeJS.Signals) => {
    if (state.draining) {
      app.log.warn({ signal }, 'second signal: exiting at once');
      exit(1);
      return;
    }
    state.draining = true;
    app.log.info({ signal, drainMs: times.drainMs }, 'draining: /readyz answers 503, still serving');
    // From now on every reply closes its connection (server.ts). Idle keep-alive connections are
    // left to the load balancer, which drops them after its upstream keep-alive timeout (set it
    // below SHUTDOWN_DRAIN_MS): closed here, one could be closed just as the balancer sent a
    // request on it, which it does not retry when it is a POST (a 502 in the rolling restart).
    setTimeout(() => {
      app.log.info(
        { timeoutMs: times.timeoutMs },
        'closing: no new connections, finishing requests in flight',
      );
      const cut = setTimeout(() => {
        app.log.warn('requests still in flight at the shutdown limit: connections cut');
        app.server.closeAllConnections();
      }, times.timeoutMs);
      cut.unref();
      // A keep-alive connection whose request finishes after the close began is idle from then on:
      // let it go at once rather than after KEEP_ALIVE_TIMEOUT_MS.
      const reap = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_MS);
      reap.unref();
      app.close().then(
        () => {
          clearTimeout(cut);
          clearInterval(reap);
          app.log.info('closed');
          exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'close failed');
          exit(1);
        },
      );
    }, times.drainMs);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
