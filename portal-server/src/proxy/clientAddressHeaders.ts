import { isIPv6 } from 'node:net';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** A node of RFC 7239's `for=`: IPv6 in quotes and brackets, IPv4 as it is. */
function forwardedNode(address: string): string {
  return isIPv6(address) ? `"[${address}]"` : address;
}

/** A `host=`/`proto=` value: a token when it can be, else a quoted string. */
function forwardedValue(value: string): string {
  return /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * The client address headers the SSO gets, for its lockout and risk checks (README, Security,
 * "Anti-automation"). Only called when TRUST_PROXY is set: the address chain is then the one the
 * trusted proxies vouch for, from the client (`request.ip`) to this server's peer; the part of an
 * incoming X-Forwarded-For left of the client (which the client itself may have written) is
 * dropped. Without TRUST_PROXY nothing is sent, and what a client sent is never passed on.
 */
export function clientAddressHeaders(request: FastifyRequest): OutgoingHttpHeaders {
  // request.ips: this server's peer first, then each trusted hop, the client last.
  const chain = [...(request.ips ?? [request.ip])].reverse();
  const [client, ...proxies] = chain;
  if (client === undefined) return {};
  const first = [
    `for=${forwardedNode(client)}`,
    `proto=${forwardedValue(request.protocol)}`,
    `host=${forwardedValue(request.host)}`,
  ].join(';');
  return {
    'x-forwarded-for': chain.join(', '),
    forwarded: [first, ...proxies.map((address) => `for=${forwardedNode(address)}`)].join(', '),
  };
}
