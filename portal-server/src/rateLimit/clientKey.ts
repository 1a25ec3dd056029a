import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone and embedded IPv4 tail included), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const plain = address.split('%', 1)[0] ?? '';
  if (!isIPv6(plain)) return undefined;
  let text = plain.toLowerCase();
  // An embedded IPv4 tail (::ffff:192.0.2.1) becomes its two groups.
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<number>(zeros).fill(0), ...right];
}

/**
 * The IPv4 address an IPv6 address stands for (IPv4-mapped `::ffff:a.b.c.d`), or undefined.
 * A dual-stack server sees IPv4 clients this way: they are the same client as over IPv4.
 */
export function mappedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (!groups || groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return undefined;
  const [high = 0, low = 0] = groups.slice(6);
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/**
 * What a per-client limit counts under: an IPv4 address as it is; an IPv6 address by its /64
 * network (one subscriber, one LAN: a host picks any address in it, so counting whole addresses
 * would give it 2^64 allowances); an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function clientAddressKey(address: string): string {
  if (isIPv4(address)) return address;
  const mapped = mappedIpv4(address);
  if (mapped) return mapped;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
