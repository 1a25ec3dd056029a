import * as v from 'valibot';
import type { SsoCallObserver } from '../proxy/ssoProxy.js';
import { outgoingTraceHeaders } from '../tracing/requestTrace.js';
import { UpstreamErrorSchema } from './tokenSchemas.js';
import { readCappedText } from '../proxy/replySizeCap.js';

export interface SsoClientOptions {
  ssoBaseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  /** Metrics: each call's endpoint, the SSO's status (0: no answer) and its time (seconds). */
  observe?: SsoCallObserver | undefined;
}

/** The outcome of one server-to-server call to the SSO's OAuth endpoints. */
export type SsoCallResult<T> =
  | { kind: 'ok'; value: T }
  /** The SSO answered with an error: its status and JSON go back to the browser unchanged. */
  | { kind: 'upstream-error'; status: number; body: Record<string, unknown> }
  /** The SSO could not be reached or answered something unusable. */
  | { kind: 'unavailable'; reason: string }
  /** The SSO answered with a redirect, which is never followed (the form carries secrets). */
  | { kind: 'redirected'; reason: string };

/** RFC 6749 section 2.3.1: id and secret are form-encoded before being joined and base64-encoded. */
function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await readCappedText(response);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls {SSO_BASE_URL}oauth2/v1/token and /revoke with the portal's client credentials. */
export class SsoTokenClient {
  private readonly authorization: string;

  constructor(private readonly options: SsoClientOptions) {
    this.authorization = basicAuthorization(options.clientId, options.clientSecret);
  }

  token<TSchema extends v.GenericSchema>(
    form: Record<string, string>,
    replySchema: TSchema,
  ): Promise<SsoCallResult<v.InferOutput<TSchema>>> {
    return this.post('oauth2/v1/token', form, replySchema);
  }

  revoke(token: string): Promise<SsoCallResult<unknown>> {
    return this.post('oauth2/v1/revoke', { token }, v.unknown());
  }

  private async post<TSchema extends v.GenericSchema>(
    endpoint: string,
    form: Record<string, string>,
    replySchema: TSchema,
  ): Promise<SsoCallResult<v.InferOutput<TSchema>>> {
    const url = new URL(endpoint, this.options.ssoBaseUrl);
    let response: Response;
    let body: unknown;
    const started = performance.now();
    const observe = (status: number) =>
      this.options.observe?.(endpoint, status, (performance.now() - started) / 1000);
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          // W3C trace context of the request this call is made for (none outside a request).
          ...outgoingTraceHeaders(),
        },
        body: new URLSearchParams(form).toString(),
        // Following a redirect would send the client credentials and tokens wherever it points.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      body = await readJson(response);
      observe(response.status);
    } catch (error) {
      observe(0);
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        kind: 'unavailable',
        reason: timedOut ? `${url.pathname} timed out` : `${url.pathname} unreachable`,
      };
    }
    if (response.status >= 300 && response.status < 400) {
      return {
        kind: 'redirected',
        reason: `${url.pathname} answered a redirect (HTTP ${response.status}), not followed`,
      };
    }
    if (!response.ok) {
      const error = v.safeParse(UpstreamErrorSchema, body);
      return error.success
        ? { kind: 'upstream-error', status: response.status, body: error.output }
        : { kind: 'unavailable', reason: `${url.pathname} answered HTTP ${response.status} without JSON` };
    }
    const parsed = v.safeParse(replySchema, body);
    return parsed.success
      ? { kind: 'ok', value: parsed.output }
      : { kind: 'unavailable', reason: `${url.pathname} answered an unexpected reply` };
  }
}
