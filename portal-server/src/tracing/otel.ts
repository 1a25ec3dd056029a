/**
 * OpenTelemetry span export: loaded (dynamic import, server.ts) only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, so without it none of these modules is in the process.
 */
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyPluginCallback } from 'fastify';
import type { TracePropagator } from './requestTrace.js';

export interface OtelTracing {
  /** @fastify/otel: one span per request and per hook and handler, registered before any route. */
  plugin: FastifyPluginCallback;
  /** Calls to the SSO carry the active request span as their parent. */
  propagator: TracePropagator;
  /** Sends the spans still buffered and stops the SDK (on close). */
  shutdown(): Promise<void>;
}

/** The OTLP/HTTP traces URL of a collector base (`…/v1/traces`, as the OTel environment spec says). */
function tracesUrl(endpoint: string): string {
  return new URL('v1/traces', endpoint.endsWith('/') ? endpoint : `${endpoint}/`).href;
}

export function startOtel(endpoint: string, serviceName: string): OtelTracing {
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: tracesUrl(endpoint) }),
    instrumentations: [],
  });
  sdk.start();
  const instrumentation = new FastifyOtelInstrumentation();
  return {
    plugin: instrumentation.plugin(),
    propagator: (request) => {
      const carrier: Record<string, string> = {};
      request.opentelemetry().inject(carrier);
      return carrier;
    },
    shutdown: () => sdk.shutdown(),
  };
}
