import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/**
 * The request headers the spec's API client uses (section 7), plus body framing, plus our
 * X-Step-Up-Grant (step-up before destruction; README, Security).
 */
const FORWARDED_REQUEST_HEADERS = [
  'authorization',
  'content-type',
  'content-length',
  'accept',
  'x-flow-state',
  'x-client-transaction-id',
  'x-device-tag',
  'x-relay-state',
  'x-step-up-grant',
] as const;

/**
 * What the browser needs back from the SSO. Not its Cache-Control: every proxied reply carries
 * flow state, tokens or user data, and is `no-store` whatever the SSO says.
 */
const RETURNED_RESPONSE_HEADERS = ['content-type', 'content-encoding', 'x-flow-state'] as const;

/** RFC 9110 section 7.6.1: meaningful for one connection only, never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Headers named by the Connection header are hop-by-hop too. */
function connectionScoped(headers: IncomingHttpHeaders): Set<string> {
  const named = (headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase());
  return new Set([...HOP_BY_HOP, ...named.filter((name) => name.length > 0)]);
}

function pick(headers: IncomingHttpHeaders, names: readonly string[]): OutgoingHttpHeaders {
  const dropped = connectionScoped(headers);
  const picked: OutgoingHttpHeaders = {};
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined && !dropped.has(name)) picked[name] = value;
  }
  return picked;
}

export function upstreamRequestHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return pick(headers, FORWARDED_REQUEST_HEADERS);
}

export function downstreamResponseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return { ...pick(headers, RETURNED_RESPONSE_HEADERS), 'cache-control': 'no-store' };
}
