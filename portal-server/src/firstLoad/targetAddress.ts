import { BlockList, isIP } from 'node:net';
import { mappedIpv4 } from '../rateLimit/clientKey.js';

/**
 * Addresses a manifest fetch must never reach outside development: this host, private networks,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** True for an address of this host or a private, link-local or reserved network. */
export function isInternalAddress(address: string): boolean {
  const plain = address.split('%', 1)[0] ?? '';
  const v4 = isIP(plain) === 4 ? plain : mappedIpv4(plain);
  if (v4) return INTERNAL.check(v4, 'ipv4');
  return isIP(plain) === 6 ? INTERNAL.check(plain, 'ipv6') : true;
}
